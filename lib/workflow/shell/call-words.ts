/**
 * The words of a simple command as the idiom table (nested-shell-scripts.ts) reads them, the idioms it
 * reports, and how builtins and programs read their options (getopt style).
 */

/** A word of a simple command as both planners read it. */
export interface CallWord {
  /** Quotes removed, references as written; undefined when the word holds an expansion (`$x`, `$( )`, …). */
  value: string | undefined;
  /** The word as written. */
  raw: string;
  /** The word holds a reference, so its value is only known at run time. */
  refs: boolean;
}

/** The same shell runs the script (`eval`, `trap`, `.`) or a new one (`sh -c`), which sees only the environment. */
export type ShellKind = "same" | "new";

export type CallIdiom =
  /** Words `first`..`last`, joined by spaces, are a script; with `prefix`, the script is the word's value after it (`alias ll=…`). */
  | { kind: "script"; first: number; last: number; shell: ShellKind; idiom: string; prefix?: string }
  /** The command reads its script from file descriptor `fd`: a here-document, here-string, pipe or `<( )` there is one. */
  | { kind: "stdin"; fd: number; shell: ShellKind | "unknown"; idiom: string }
  /** Word `index` names the file the script is read from (a `<( )` there is a script). */
  | { kind: "file"; index: number; shell: ShellKind; idiom: string }
  /** Words read as variable names (a subscript in one is evaluated as arithmetic); `assigns`: it sets them. */
  | { kind: "names"; indexes: number[]; idiom: string; assigns: boolean }
  /** Words evaluated as arithmetic. */
  | { kind: "arithmetic"; indexes: number[]; idiom: string }
  /** Word `index`, the program, is named by a value: it runs through `env --` (a program, never a builtin). */
  | { kind: "program"; index: number; idiom: string }
  /** Words that must not carry a value: what reads them cannot be planned. */
  | { kind: "refuse"; indexes: number[]; idiom: string; instead: string };

/** Files that are a file descriptor: `/dev/stdin`, `/dev/fd/3`, `/proc/self/fd/0`. */
const FD_FILE = /^\/(?:dev\/stdin|dev\/fd\/(\d+)|proc\/self\/fd\/(\d+))$/;

export const fixed = (w: CallWord | undefined): string | undefined => (w && !w.refs ? w.value : undefined);
/** A word whose value could start with `-` at run time (it starts with an expansion or a reference; not `<( )`). */
export const couldBeOption = (w: CallWord) =>
  w.value === undefined ? !/^[<>]\(/.test(w.raw) : w.refs && w.value.startsWith("{");

export const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/**
 * Options of a builtin from `from` on, getopt style: `withArg` letters take the next word (or the rest of
 * theirs: `-vNAME`). Returns each option's letter and the index of its argument word, where the operands
 * start, and `dynamic`: the first operand is only known at run time, so it could be an option itself.
 */
export function options(words: CallWord[], from: number, withArg: string) {
  const found: { letter: string; arg: number }[] = [];
  let i = from;
  for (; i < words.length; i++) {
    const v = words[i].value;
    if (v === "--" && !words[i].refs) return { found, operands: i + 1, dynamic: false };
    if (v === undefined || !/^-[A-Za-z-]/.test(v)) break;
    if (v.startsWith("--")) continue; // a long option: its argument glued with `=`
    for (let k = 1; k < v.length; k++) {
      if (!withArg.includes(v[k])) continue;
      found.push({ letter: v[k], arg: k + 1 < v.length ? i : i + 1 });
      if (k + 1 === v.length) i++;
      break;
    }
  }
  return { found, operands: i, dynamic: i < words.length && couldBeOption(words[i]) };
}

/**
 * A word only known at run time where a program reads its options could be one (`-c`, `-v`, `-S`) and turn
 * the words after it into a script or a name: they must not carry a value then.
 */
export function optionValue(words: CallWord[], at: number, program: string, instead: string): CallIdiom[] {
  if (at >= words.length - 1) return [];
  return [
    {
      kind: "refuse",
      indexes: range(at + 1, words.length),
      idiom: `${program} with an option chosen at run time`,
      instead,
    },
  ];
}

export const argsOf = (found: { letter: string; arg: number }[], letters: string) =>
  found.filter((o) => letters.includes(o.letter)).map((o) => o.arg);

/** The script a file word names: a file descriptor (`/dev/stdin`) or the file itself. */
export function fileScript(words: CallWord[], index: number, shell: ShellKind, idiom: string): CallIdiom {
  const fd = FD_FILE.exec(fixed(words[index]) ?? "");
  if (fd) return { kind: "stdin", fd: Number(fd[1] ?? fd[2] ?? 0), shell, idiom };
  return { kind: "file", index, shell, idiom };
}

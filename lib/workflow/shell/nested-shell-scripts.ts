/**
 * The one table of the ways a simple command hands text to a shell as code, or reads one of its words as a
 * variable name — shared by both planners (plan-shell-command.ts reads a call's words from the parse tree,
 * plan-plain-shell-command.ts from its own reader, and leaves any line this table says anything about to the
 * parser). docs/shell-values.md lists every idiom and whether it is planned or refused.
 *
 * | the command | what it hands over | planned as |
 * | --- | --- | --- |
 * | `sh`, `bash`, … (also `$SHELL`, `$BASH`, `$0`, a path ending in a shell's name), anywhere in the words | its `-c` word; else its stdin, or the file it names (`/dev/stdin`, `/dev/fd/N`, `<( )`) | a script for a new shell |
 * | `su`, `runuser`, `flock`, `script` | their `-c` / `--command` word | a script for a new shell |
 * | `eval`, `trap [--] ACTION`, `alias NAME=…`, `mapfile -C`, `compgen`/`complete -C` | their words | a script for the same shell |
 * | `.` / `source` | the file they name (`/dev/stdin`, `/dev/fd/N`, `<( )`) | a script for the same shell |
 * | `read`, `mapfile`, `printf -v`, `getopts`, `unset`, `wait -p`, `test`/`[ -v`, `compgen -F` | variable names | must not carry a value |
 * | `let` | arithmetic | integers only |
 * | `env -S`, `ssh HOST CMD…`, `compgen -W`, a declaration run through `builtin`/`command`, a program named at run time | text another parser splits or runs | must not carry a value |
 *
 * A word is "fixed" when its value is known from the text (no expansion, no reference). `command` and `builtin`
 * in front of a builtin change nothing.
 */

import { BUILTINS } from "./builtin-idioms";
import {
  couldBeOption,
  fileScript,
  fixed,
  optionValue,
  options,
  range,
  argsOf,
  type CallIdiom,
  type CallWord,
} from "./call-words";

/** Program names whose `-c` argument, or whose stdin, is a shell script. */
const SHELLS = new Set(["sh", "bash", "dash", "ash", "ksh", "mksh", "zsh", "posh", "yash", "rbash", "busybox"]);
/** Programs that hand the word after their `-c` / `--command` to a shell (`su -c`, `flock f -c`, …). */
const COMMAND_OPTION_PROGRAMS = new Set(["su", "runuser", "flock", "script"]);
/** `$SHELL`, `${BASH}`, `"$0"`: a shell's own path, so a shell when it names the program. */
const SHELL_VARIABLE = /^"?\$(?:SHELL|BASH|0|\{(?:SHELL|BASH|0)\})"?$/;
/** Variables whose value the shell expands as code when it prints a prompt or a trace (`set -x`). */
export const CODE_VARIABLES = new Set(["PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT_COMMAND"]);
/** Programs that run the program named by a later word (`exec X …`, `env X …`, `timeout 5 X …`). */
const WRAPPERS = new Set([
  ...["exec", "env", "nice", "nohup", "timeout", "xargs", "sudo", "doas", "stdbuf", "setsid", "chroot"],
  ...["ionice", "taskset", "chrt", "strace", "time", "unbuffer", "command", "builtin"],
]);
/** Declaration builtins: the parser reads them as declarations, unless `builtin`/`command` runs them. */
const DECLARATIONS = new Set(["declare", "typeset", "local", "export", "readonly", "nameref"]);

/**
 * What a word runs when it names the program: its last path segment (a shell for `$SHELL`), or undefined when
 * the program is chosen at run time. `hasPath`: it holds a `/`, so it cannot name a builtin.
 */
export function programName(w: CallWord): { name: string | undefined; hasPath: boolean } {
  const value = fixed(w);
  if (value !== undefined) return { name: value.split("/").pop(), hasPath: value.includes("/") };
  if (SHELL_VARIABLE.test(w.raw)) return { name: "sh", hasPath: true };
  const tail = /\/([\w.+-]+)["']?$/.exec(w.raw);
  return { name: tail?.[1], hasPath: w.raw.includes("/") };
}

/** Where the program of a call stands: after `command [-p]` and `builtin`. */
function programIndex(words: CallWord[]): number {
  let i = 0;
  for (;;) {
    const v = fixed(words[i]);
    if (v === "builtin") i++;
    else if (v === "command") {
      i++;
      while (fixed(words[i]) === "-p" || fixed(words[i]) === "--") i++;
    } else return i;
  }
}

/**
 * When word `i` names a shell: `{ kind: "c", index }` (its `-c` script's word), `{ kind: "stdin" }` (it reads
 * its script from stdin) or `{ kind: "file", index }` (a script file).
 */
export function shellInvocation(
  words: CallWord[],
  i: number,
): { kind: "c" | "file" | "dynamic"; index: number } | { kind: "stdin" } | undefined {
  const name = programName(words[i]).name;
  if (!name || !SHELLS.has(name)) return undefined;
  let j = i + 1;
  if (name === "busybox") {
    if (!SHELLS.has(fixed(words[j]) ?? "") || fixed(words[j]) === "busybox") return undefined;
    j++;
  }
  let c = false;
  let s = false;
  for (; j < words.length; j++) {
    if (!c && couldBeOption(words[j])) return { kind: "dynamic", index: j };
    const v = fixed(words[j]);
    if (v === undefined || !/^[-+]/.test(v)) break;
    if (v === "--" || v === "-") {
      j++;
      break;
    }
    if (/^[-+][A-Za-z]*$/.test(v)) {
      if (v.slice(1).includes("c")) c = true;
      if (v.slice(1).includes("s")) s = true;
      if (/^[-+][oO]$/.test(v)) j++;
    } else if (v === "--rcfile" || v === "--init-file") j++;
  }
  if (c) return { kind: "c", index: j };
  return s || j >= words.length ? { kind: "stdin" } : { kind: "file", index: j };
}

/** `env`'s options: `-S`/`--split-string` text is split into a command line again; `PS4=…` a code variable. */
function envIdioms(w: CallWord[], i: number): CallIdiom[] {
  const { found, operands, dynamic } = options(w, i + 1, "uCSP");
  const out = dynamic
    ? optionValue(w, operands, "env", "give env's options as fixed text (-S would split the next word)")
    : [];
  const split = argsOf(found, "S");
  for (let k = i + 1; k < operands; k++) if (/^--split-string/.test(w[k].value ?? "")) split.push(k);
  if (split.length)
    out.push({
      kind: "refuse",
      indexes: split,
      idiom: "env -S",
      instead: "write the command as words after env (env sh -c '…' is planned for the shell)",
    });
  for (let k = operands; k < w.length && /^[A-Za-z_]\w*=/.test(w[k].value ?? ""); k++)
    if (CODE_VARIABLES.has(w[k].value!.split("=")[0]))
      out.push({
        kind: "refuse",
        indexes: [k],
        idiom: `env ${w[k].value!.split("=")[0]}=`,
        instead: "give it fixed text",
      });
  return out;
}

/** `ssh [options] HOST COMMAND…`: the remote login shell runs COMMAND, without the values' environment. */
function sshIdioms(w: CallWord[], i: number): CallIdiom[] {
  const { operands } = options(w, i + 1, "BbcDEeFIiJLlmOoPpQRSWw");
  if (operands + 1 >= w.length) return [];
  return [
    {
      kind: "refuse",
      indexes: range(operands + 1, w.length),
      idiom: "ssh HOST COMMAND",
      instead: "send the value on stdin (printf %s {x} | ssh HOST 'cat > file') or as a file (scp)",
    },
  ];
}

/**
 * What the words before word `i` say about it, gathered in one pass: a wrapper runs it, `xargs` runs it with
 * what it reads, and with `-I`/`-i`/`--replace` puts what it reads into its words.
 */
interface Before {
  at: number;
  wrapper: boolean;
  xargs: boolean;
  replaceOption: boolean;
}

/** Programs whose words the scan has to look at (any other named program hands nothing over). */
const SCANNED = new Set([...SHELLS, ...COMMAND_OPTION_PROGRAMS, "ssh", "env"]);

/** Every idiom of a call, from its words (not its assignments), in the table's order. */
export function callIdioms(words: CallWord[]): CallIdiom[] {
  const at = programIndex(words);
  const head = words[at];
  if (!head) return [];
  const headValue = fixed(head);
  // Own keys only: `hasOwnProperty`, `__proto__`, `toString` name programs, not the table's entries.
  if (headValue !== undefined && Object.hasOwn(BUILTINS, headValue)) return BUILTINS[headValue](words, at);
  if (headValue !== undefined && DECLARATIONS.has(headValue) && at > 0)
    return [
      {
        kind: "refuse",
        indexes: range(at + 1, words.length),
        idiom: `${fixed(words[0])} ${headValue}`,
        instead: `write ${headValue} … directly, so its names and values can be told apart`,
      },
    ];
  const out: CallIdiom[] = [];
  const program = programName(head);
  if (program.name === undefined && !program.hasPath) {
    // Named by a reference (one word, quoted): it runs through `env --`, so it can be a program, never eval or
    // another builtin. Named by an expansion (`$c`, `$(…)`): it could split into `sh -c …`, so it is refused.
    if (head.value !== undefined) out.push({ kind: "program", index: at, idiom: "a command named by a value" });
    else
      out.push({
        kind: "refuse",
        indexes: range(at + 1, words.length),
        idiom: "a command whose name is chosen at run time",
        instead:
          "it could be eval or a shell, so name the program in the text; a value may stand in its arguments then",
      });
    out.push({ kind: "stdin", fd: 0, shell: "unknown", idiom: "a command named at run time" });
  }
  // `command`/`builtin` in front are wrappers too.
  const wrapped = words.slice(0, at).some((w) => WRAPPERS.has(programName(w).name ?? ""));
  const before: Before = { at, wrapper: wrapped, xargs: false, replaceOption: false };
  for (let i = at; i < words.length; i++) {
    const name = i === at ? program.name : programName(words[i]).name;
    if (name === undefined || SCANNED.has(name)) {
      if (name === "env") out.push(...envIdioms(words, i));
      const found = programIdioms(words, i, name, before);
      if (found) return [...out, ...found];
    }
    if (name !== undefined && WRAPPERS.has(name)) before.wrapper = true;
    if (name === "xargs") before.xargs = true;
    if (/^(?:-I|-i|--replace)/.test(words[i].value ?? "")) before.replaceOption = true;
  }
  return out;
}

/** Idioms of word `i`, named `name`, when it names a program that takes a script (a shell, `su`, `ssh`). */
function programIdioms(
  words: CallWord[],
  i: number,
  name: string | undefined,
  before: Before,
): CallIdiom[] | undefined {
  const shell = name === undefined ? undefined : shellInvocation(words, i);
  const idiom = shell?.kind === "c" ? `${name} -c` : `${name}`;
  if (shell?.kind === "dynamic")
    return optionValue(words, shell.index, name!, `put -- before it (${name} -- {x} … reads {x} as a script file)`);
  if (shell?.kind === "c") {
    const out: CallIdiom[] =
      shell.index < words.length
        ? [{ kind: "script", first: shell.index, last: shell.index, shell: "new", idiom }]
        : [];
    // `… | xargs sh -c` runs what xargs reads as the script; `xargs -I{} sh -c '… {} …'` puts it in the script.
    if (before.xargs && (before.replaceOption || shell.index >= words.length))
      out.push({ kind: "stdin", fd: 0, shell: "unknown", idiom: `xargs … ${idiom}` });
    return out;
  }
  if (shell?.kind === "stdin") return [{ kind: "stdin", fd: 0, shell: "new", idiom }];
  if (shell?.kind === "file") return [fileScript(words, shell.index, "new", idiom)];
  if (name && COMMAND_OPTION_PROGRAMS.has(name)) return commandOption(words, i, name);
  if (name === "ssh") return sshIdioms(words, i);
  if (name !== undefined) return undefined;
  // A program named at run time: `xargs {prog}` could run a shell on what xargs reads, `{prog} -c …` one on its
  // words (and so could `{prog} {opt} …`, where a program is expected).
  const option = words[i + 1] && fixed(words[i + 1]);
  const out: CallIdiom[] = before.xargs
    ? [{ kind: "stdin", fd: 0, shell: "unknown", idiom: "xargs running a program named at run time" }]
    : [];
  const runsIt = i === before.at || before.wrapper;
  if (words[i + 1] && ((option === undefined && runsIt) || /^-[A-Za-z]*c[A-Za-z]*$/.test(option ?? "")))
    out.push({
      kind: "refuse",
      indexes: range(i + 2, words.length),
      idiom: "-c of a program named at run time",
      instead: "name the shell in the text (sh -c '…', or \"$SHELL\" -c '…'), so its script is planned for it",
    });
  return out.length ? out : undefined;
}

/** `su -c`, `flock f -c`, `script -qc`: the word after the `-c` cluster (or `--command`) is a script. */
function commandOption(words: CallWord[], i: number, name: string): CallIdiom[] {
  for (let k = i + 1; k < words.length; k++) {
    const v = words[k].value;
    if (couldBeOption(words[k]) && !words.slice(k + 1).every((w) => fixed(w) !== undefined))
      return optionValue(words, k, name, `give ${name}'s options as fixed text`);
    if (v === "--command" || /^-[A-Za-z]*c$/.test(v ?? ""))
      return k + 1 < words.length
        ? [{ kind: "script", first: k + 1, last: k + 1, shell: "new", idiom: `${name} -c` }]
        : [];
    if (/^(?:--command=|-[A-Za-z]*c.)/.test(v ?? ""))
      return [
        {
          kind: "refuse",
          indexes: [k],
          idiom: `${name} -c`,
          instead: "give the command as a word of its own after -c",
        },
      ];
  }
  return [];
}

/**
 * Where a command hands a script to another shell, found from the static words of a call: the
 * `-c` argument of `sh`, `bash`, … (wherever the shell name stands: `env sh -c`, `xargs sh -c`,
 * `find -exec sh -c`), the words of `eval`, the action of `trap`, or stdin when a shell reads its
 * script from it (a here-document). The planner quotes references there for the inner shell.
 */

/** Program names whose `-c` argument, or whose stdin, is a shell script. */
const SHELLS = new Set(["sh", "bash", "dash", "ash", "ksh", "mksh", "zsh", "posh", "yash"]);
/** Programs that hand the word after their `-c` / `--command` to a shell (`su -c`, `flock f -c`, …). */
const COMMAND_OPTION_PROGRAMS = new Set(["su", "runuser", "flock", "script"]);

/**
 * Whether a word of a call, wherever it stands, can make the call hand a script to another shell: a shell's
 * name (or path), `eval`, `trap`, or a program with a `-c` / `--command` option (the plain-line planner uses
 * it to leave such lines to the parser).
 */
export function namesScriptTaker(value: string): boolean {
  const name = value.split("/").pop() ?? "";
  return SHELLS.has(name) || COMMAND_OPTION_PROGRAMS.has(name) || name === "eval" || name === "trap";
}

/** Indexes of the words of a call that hold a script for another shell (`sh -c`, `eval`, `trap`). */
export function nestedScriptWords(values: (string | undefined)[]): { first: number; last: number } | undefined {
  const head = values[0] === "command" || values[0] === "builtin" ? 1 : 0;
  if (values[head] === "eval" && values.length > head + 1) return { first: head + 1, last: values.length - 1 };
  if (values[head] === "trap" && values[head + 1] !== undefined && !values[head + 1]!.startsWith("-"))
    return values.length > head + 1 ? { first: head + 1, last: head + 1 } : undefined;
  for (let i = 0; i < values.length; i++) {
    const script = shellInvocation(values, i);
    if (script?.kind === "c" && script.index < values.length) return { first: script.index, last: script.index };
    if (COMMAND_OPTION_PROGRAMS.has(values[i]?.split("/").pop() ?? "")) {
      const c = values.findIndex((v, k) => k > i && (v === "-c" || v === "--command"));
      if (c > 0 && c + 1 < values.length) return { first: c + 1, last: c + 1 };
    }
  }
  return undefined;
}

/**
 * When `values[i]` names a shell: `{ kind: "c", index }` (its `-c` script's word) or
 * `{ kind: "stdin" }` (it reads its script from stdin) or `{ kind: "file" }` (a script file).
 */
export function shellInvocation(
  values: (string | undefined)[],
  i: number,
): { kind: "c"; index: number } | { kind: "stdin" | "file" } | undefined {
  const name = values[i]?.split("/").pop();
  if (!name || !SHELLS.has(name)) return undefined;
  let c = false;
  let s = false;
  let j = i + 1;
  for (; j < values.length; j++) {
    const v = values[j];
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
  return s || j >= values.length ? { kind: "stdin" } : { kind: "file" };
}

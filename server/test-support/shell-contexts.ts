/**
 * The quoting contexts a command can put `{x}` in — and the shell idioms that hand a script to a shell,
 * each planned for the shell that runs it — and the hostile values to put there: shared by the plan's
 * property test and the engine's hostile-value test. Each context writes what the command received to the
 * file named `out` stands for; `expect(x)` is that file's content. REFUSED_IDIOMS are the lines that must be
 * refused instead (docs/shell-values.md).
 */
import os from "node:os";
import path from "node:path";

export interface ShellContext {
  name: string;
  /** The command with `{x}`; `OUT` is replaced by the output file's name. */
  command: string;
  expect: (x: string) => string;
  /** Read by a nested shell, which only sees the environment (values up to 64 KiB). */
  nested?: boolean;
  /** Only this shell runs the command (bash syntax, or an idiom only dash has: aliases in scripts). */
  only?: "/bin/sh" | "/bin/bash";
}

const stripTrailingNewlines = (x: string) => x.replace(/\n+$/, "");

export const SHELL_CONTEXTS: ShellContext[] = [
  { name: "unquoted", command: "printf %s {x} > OUT", expect: (x) => x },
  { name: "single", command: "printf %s '{x}' > OUT", expect: (x) => x },
  { name: "double", command: 'printf %s "{x}" > OUT', expect: (x) => x },
  { name: "mid-word", command: "printf %s a{x}b'c'\"d\" > OUT", expect: (x) => `a${x}bcd` },
  { name: "backticks", command: 'v=`printf %s {x}; printf .`; printf %s "${v%.}" > OUT', expect: (x) => x },
  { name: "backticks-in-double", command: 'printf %s "`printf %s {x}`" > OUT', expect: stripTrailingNewlines },
  { name: "dollar-paren", command: "printf %s \"$(printf %s '{x}'; printf .)\" > OUT", expect: (x) => `${x}.` },
  { name: "dollar-paren-double", command: 'printf %s "$(printf %s "{x}")" > OUT', expect: stripTrailingNewlines },
  { name: "heredoc", command: "cat > OUT <<EOF\n{x}\nEOF", expect: (x) => `${x}\n` },
  {
    name: "heredoc-quoted",
    command: "cat > OUT <<'EOF'\n<{x}> $HOME `x` \\\nEOF",
    expect: (x) => `<${x}> $HOME \`x\` \\\n`,
  },
  { name: "heredoc-dash", command: "cat > OUT <<-EOF\n\t{x}\n\tEOF", expect: (x) => `${x}\n` },
  { name: "comment", command: "printf ok > OUT # {x}", expect: () => "ok" },
  { name: "comment-line", command: "# {x}\nprintf ok > OUT", expect: () => "ok" },
  { name: "sh-c", command: "sh -c 'printf %s {x} > OUT'", expect: (x) => x, nested: true },
  { name: "sh-c-double", command: "sh -c \"printf %s '{x}' > OUT\"", expect: (x) => x, nested: true },
  { name: "bash-c", command: "bash -c 'printf %s \"{x}\" > OUT'", expect: (x) => x, nested: true },
  { name: "sh-c-nested", command: "sh -c 'sh -c \"printf %s {x} > OUT\"'", expect: (x) => x, nested: true },
  { name: "eval", command: "eval 'printf %s \"{x}\" > OUT'", expect: (x) => x, nested: true },
  { name: "heredoc-to-sh", command: "sh <<'EOF'\nprintf %s {x} > OUT\nEOF", expect: (x) => x, nested: true },
  { name: "trap", command: "trap 'printf %s {x} > OUT' EXIT", expect: (x) => x, nested: true },
  { name: "flock-c", command: "flock .lock -c 'printf %s {x} > OUT'", expect: (x) => x, nested: true },
  // A script handed to a shell in every other way the idiom table knows, planned for that shell.
  { name: "trap-dashdash", command: "trap -- 'printf %s {x} > OUT' EXIT", expect: (x) => x, nested: true },
  { name: "command-trap", command: "command trap -- 'printf %s \"{x}\" > OUT' EXIT", expect: (x) => x, nested: true },
  ...[
    ["builtin-trap", "builtin trap -- 'printf %s {x} > OUT' EXIT"],
    ["builtin-eval", "builtin eval -- 'printf %s {x} > OUT'"],
    ["source-herestring", "source /dev/stdin <<< 'printf %s {x} > OUT'"],
    ["source-procsubst", ". <(echo 'printf %s {x} > OUT')"],
    ["bash-herestring", "bash <<< 'printf %s {x} > OUT'"],
    ["cat-herestring-pipe", "cat <<< 'printf %s {x} > OUT' | bash"],
    ["mapfile-callback", "mapfile -c 1 -C 'printf %s {x} > OUT; :' arr <<< a"],
    ["BASH-c", "$BASH -c 'printf %s {x} > OUT'"],
  ].map(([name, command]) => ({ name, command, expect: (x: string) => x, nested: true, only: "/bin/bash" as const })),
  { name: "command-eval", command: "command eval 'printf %s \"{x}\" > OUT'", expect: (x) => x, nested: true },
  { name: "source-heredoc", command: ". /dev/stdin <<'EOF'\nprintf %s {x} > OUT\nEOF", expect: (x) => x, nested: true },
  {
    name: "sh-fd3-heredoc",
    command: "sh /dev/fd/3 3<<'EOF'\nprintf %s {x} > OUT\nEOF",
    expect: (x) => x,
    nested: true,
  },
  { name: "bash-c-herestring", command: "bash -c 'bash <<< \"printf %s {x} > OUT\"'", expect: (x) => x, nested: true },
  { name: "cat-heredoc-pipe", command: "cat <<'EOF' | sh\nprintf %s {x} > OUT\nEOF", expect: (x) => x, nested: true },
  { name: "echo-pipe", command: "echo 'printf %s {x} > OUT' | bash", expect: (x) => x, nested: true },
  { name: "exec-sh-c", command: "(exec sh -c 'printf %s {x} > OUT')", expect: (x) => x, nested: true },
  { name: "xargs-sh-c", command: "echo | xargs sh -c 'printf %s {x} > OUT'", expect: (x) => x, nested: true },
  { name: "alias", command: "alias p='printf %s {x} > OUT'\np", expect: (x) => x, nested: true, only: "/bin/sh" },
  // The same inside functions, if bodies, subshells, groups, $( ) and after line continuations.
  { name: "function-trap", command: "f() { trap 'printf %s {x} > OUT' EXIT; }; (f)", expect: (x) => x, nested: true },
  {
    name: "if-pipe",
    command: "if true; then echo 'printf %s {x} > OUT' | \\\n sh; fi",
    expect: (x) => x,
    nested: true,
  },
  { name: "group-eval", command: "{ eval 'printf %s {x} > OUT'; }", expect: (x) => x, nested: true },
  { name: "dollar-paren-sh", command: ": \"$(sh -c 'printf %s {x} > OUT')\"", expect: (x) => x, nested: true },
];

/** The contexts `shell` runs. */
export const contextsFor = (shell: string) => SHELL_CONTEXTS.filter((c) => !c.only || c.only === shell);

/**
 * Lines a shell would run a value in as code that the planner cannot plan, with the code each is refused
 * with. Each would run the injected code today if it ran: the value `x; touch MARKER` or `a[$(touch MARKER)]`.
 */
export const REFUSED_IDIOMS: { name: string; command: string; code: "WF100" | "WF101" }[] = [
  { name: "pipe from printf", command: "printf 'echo %s\\n' {x} | sh", code: "WF100" },
  { name: "pipe from a program", command: "cat {x} | bash", code: "WF100" },
  { name: "pipe through a group", command: "{ echo 'echo {x}'; } | sh", code: "WF100" },
  { name: "source of a printf", command: "source <(printf 'echo %s' {x})", code: "WF100" },
  { name: "writing into >(sh)", command: "echo 'echo {x}' > >(sh)", code: "WF100" },
  { name: "pipe into $( cat ) eval", command: 'echo {x} | eval "$(cat)"', code: "WF100" },
  { name: "script from a variable", command: "s='echo {x}'; sh -c \"$s\"", code: "WF100" },
  { name: "eval of a variable", command: 'v={x}\neval "$v"', code: "WF100" },
  { name: "eval of a positional", command: 'f() { eval "$1"; }; f {x}', code: "WF100" },
  { name: "eval of an argument of sh -c", command: "sh -c 'eval \"$1\"' _ {x}", code: "WF100" },
  { name: "while read eval", command: 'while read l; do eval "$l"; done <<< {x}', code: "WF100" },
  { name: "a script file written with the value", command: "echo {x} > s.sh; sh s.sh", code: "WF100" },
  { name: "env -S", command: "env -S 'sh -c \"echo {x}\"'", code: "WF100" },
  { name: "program named at run time", command: "c=eval; $c 'echo {x}'", code: "WF100" },
  { name: "-c of a program named at run time", command: "$(command -v sh) -c 'echo {x}'", code: "WF100" },
  { name: "compgen -W", command: "compgen -W '{x}' a", code: "WF100" },
  { name: "PS4 with set -x", command: "PS4={x}; set -x; true", code: "WF100" },
  { name: "declare -a", command: "declare -a arr={x}", code: "WF100" },
  { name: "arithmetic through a variable", command: "n={x}; echo $((n+1))", code: "WF101" },
  { name: "[[ -gt ]] through a variable", command: "n={x}\n[[ $n -gt 3 ]] || true", code: "WF101" },
  { name: "(( )) through read", command: "read n <<< {x}; (( n > 3 )) || true", code: "WF101" },
  { name: "let through for", command: "for n in {x}; do let m=n+1; done", code: "WF101" },
  { name: "subscript through a variable", command: 'i={x}; a=(1 2); echo "${a[i]}"', code: "WF101" },
  { name: "declare with a subscript", command: "declare 'a[{x}]=1'", code: "WF101" },
  { name: "declare -n", command: 'declare -n r={x}; echo "$r"', code: "WF101" },
  { name: "export with a subscript", command: "builtin export 'a[{x}]=1'", code: "WF100" },
  { name: "printf -v", command: "printf -v {x} %s 1", code: "WF101" },
  { name: "read NAME", command: "read {x} <<< 1", code: "WF101" },
  { name: "test -v", command: "test -v {x} || true", code: "WF101" },
  { name: "[[ -v ]]", command: "[[ -v {x} ]] || true", code: "WF101" },
  { name: "${!v}", command: 'v={x}; echo "${!v}"', code: "WF101" },
  { name: "unset", command: "a=(1); unset {x}", code: "WF101" },
  { name: "arithmetic on the environment", command: "echo $(( x + 1 ))", code: "WF101" },
];

/** Arithmetic contexts: a reference there is passed when its value is an integer, and refused otherwise. */
export const ARITHMETIC_CONTEXTS: ShellContext[] = [
  { name: "arith-expansion", command: "echo $(( {x} + 1 )) > OUT", expect: (x) => `${Number(x) + 1}\n` },
  {
    name: "arith-expansion-quoted",
    command: 'echo $(( "{x}" + 1 )) > OUT',
    expect: (x) => `${Number(x) + 1}\n`,
    only: "/bin/bash",
  },
  {
    name: "double-bracket-gt",
    command: '[[ "{x}" -gt 3 ]] && echo big > OUT || echo small > OUT',
    expect: (x) => (Number(x) > 3 ? "big\n" : "small\n"),
    only: "/bin/bash",
  },
  {
    name: "arith-command",
    command: "(( {x} > 3 )) && echo big > OUT || echo small > OUT",
    expect: (x) => (Number(x) > 3 ? "big\n" : "small\n"),
    only: "/bin/bash",
  },
  { name: "let", command: "let n={x}+1; echo $n > OUT", expect: (x) => `${Number(x) + 1}\n`, only: "/bin/bash" },
  {
    name: "declare-i",
    command: "declare -i n={x}; echo $n > OUT",
    expect: (x) => `${Number(x)}\n`,
    only: "/bin/bash",
  },
  {
    name: "integer-variable",
    command: "declare -i n; n={x}; echo $n > OUT",
    expect: (x) => `${Number(x)}\n`,
    only: "/bin/bash",
  },
];

/** A file name per context. */
export const outFile = (c: ShellContext) => `out_${c.name}`;
export const commandFor = (c: ShellContext) => c.command.replace(/OUT/g, outFile(c));

const binary = Array.from({ length: 255 }, (_, i) => String.fromCharCode(i + 1)).join("");

/** Markers an injected command would leave. */
export const MARKER = "PWNED";

/** An absolute marker, unique to this test run, that a value's injected code would create. */
export const TMP_MARKER = path.join(os.tmpdir(), `wf-pwned-${process.pid}-${Date.now().toString(36)}`);

/** Values whose code would create TMP_MARKER: a command, and a bash arithmetic or name evaluation. */
export const MARKER_VALUES = [`x; touch ${TMP_MARKER}`, `a[$(touch ${TMP_MARKER})]`, `$(touch ${TMP_MARKER})`];

/** Values an attacker would send: every one must arrive byte for byte, and PWNED must never appear. */
export const HOSTILE_VALUES: string[] = [
  "$(touch PWNED)",
  "`touch PWNED`",
  "'; touch PWNED; '",
  '"; touch PWNED; "',
  "'\"$(touch PWNED)\"'",
  "a && touch PWNED",
  "a | touch PWNED",
  "a; touch PWNED #",
  "\ntouch PWNED\n",
  "EOF\ntouch PWNED\nEOF",
  "\\",
  "\\'\\\"\\`\\$",
  "$IFS${IFS}$HOME",
  "* ? [a] ~ ~root",
  "-n",
  "%s %d \\n",
  "{x} {prev_output} $WF_REF_1 ${WF_REF_1}",
  "\t\r\n \n\n",
  "",
  binary,
  ...MARKER_VALUES,
];

/** A 1 MB value with every troublesome character in it. */
export function largeValue(): string {
  const chunk = "$(touch PWNED)`touch PWNED`'\"; \\\n";
  return chunk.repeat(Math.ceil((1 << 20) / chunk.length));
}

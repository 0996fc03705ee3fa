/**
 * The quoting contexts a command can put `{x}` in, and the hostile values to put there: shared by
 * the plan's property test and the engine's hostile-value test. Each context writes what the
 * command received to the file named `out` stands for; `expect(x)` is that file's content.
 */
export interface ShellContext {
  name: string;
  /** The command with `{x}`; `OUT` is replaced by the output file's name. */
  command: string;
  expect: (x: string) => string;
  /** Read by a nested shell, which only sees the environment (values up to 64 KiB). */
  nested?: boolean;
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
];

/** A file name per context. */
export const outFile = (c: ShellContext) => `out_${c.name}`;
export const commandFor = (c: ShellContext) => c.command.replace(/OUT/g, outFile(c));

const binary = Array.from({ length: 255 }, (_, i) => String.fromCharCode(i + 1)).join("");

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
];

/** A 1 MB value with every troublesome character in it. */
export function largeValue(): string {
  const chunk = "$(touch PWNED)`touch PWNED`'\"; \\\n";
  return chunk.repeat(Math.ceil((1 << 20) / chunk.length));
}

/** Markers an injected command would leave. */
export const MARKER = "PWNED";

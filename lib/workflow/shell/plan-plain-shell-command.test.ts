import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planPlainShellCommand } from "./plan-plain-shell-command";
import { planParsedShellCommand } from "./plan-shell-command";

const WORDS = [
  "true",
  "echo",
  "npm",
  "test",
  "make",
  "build",
  "-q",
  "--flag=x",
  "a=b",
  "PATH=/bin:/usr/bin",
  "x+=1",
  "./run.sh",
  "~/bin/tool",
  "*.txt",
  "file?.log",
  "a,b",
  "50%",
  "user@host",
  ":",
  ".",
  "=",
  "-",
  "--",
  "2",
  "12",
  // keywords, declarations, nested shells and friends: the parser's business
  "if",
  "then",
  "fi",
  "do",
  "done",
  "for",
  "in",
  "while",
  "case",
  "esac",
  "time",
  "let",
  "export",
  "declare",
  "local",
  "function",
  "sh",
  "bash",
  "/bin/sh",
  "/usr/{tool}/sh",
  "eval",
  "trap",
  "su",
  "flock",
  "xargs",
  "env",
  "command",
  // parameter expansions
  "$HOME",
  "${HOME}",
  "$1",
  "$@",
  "$?",
  "$x{goal}",
  '"$HOME/x"',
  '"${WF_RUN_ID}-{goal}"',
  "a$b",
  // command substitutions
  "$(date)",
  '"$(pwd)/{goal}"',
  "$(echo {goal})",
  "$(cat {N-001.output} | wc -l)",
  "$(sh -c 'echo {goal}')",
  '"$(echo "{goal}")"',
  "$(if true; then echo {goal}; fi)",
  "$()",
  "$(echo a) $(echo b 2>&1)",
  // the test command and brackets that are not one
  "[",
  "]",
  "[ -f {goal} ]",
  "[[",
  "a[1]=x",
  "[abc]",
  "x]",
];
const REFS = ["{goal}", "{N-001.output}", "{prev_output}", "{secrets.TOKEN}", "{iteration}"];
const ODD = [
  "{a,b}",
  "{{x}}",
  "{",
  "}",
  "$(date)",
  "${x:-y}",
  "$((1+2))",
  "$'a'",
  "$",
  "${N-001.output}",
  '"$(pwd)"',
  "${#x}",
  "`date`",
  "\\n",
  "(",
  ")",
  "#",
  "!",
  "[",
  "]",
  "é",
  "\r",
];
const OPS = [" | ", " || ", " && ", "; ", " & ", "\n", ";", "&&", "|", " ;; ", " |& ", " &> x ", "\n\n"];
const REDIRS = [
  " > out.txt",
  " >> {N-001.output}.log",
  " < in",
  " 2>&1",
  " 2> err",
  " >&2",
  " <<EOF\nhi\nEOF",
  " > ",
  "2>&1x",
];

const pick = (xs: readonly string[]) => fc.constantFrom(...xs);
/** One word of a line: plain, a reference, both run together, quoted, or something only the parser reads. */
const piece = fc.oneof(
  { arbitrary: pick(WORDS), weight: 45 },
  { arbitrary: pick(REFS), weight: 15 },
  { arbitrary: fc.tuple(pick(WORDS), pick(REFS)).map(([w, r]) => `${w}${r}`), weight: 8 },
  { arbitrary: fc.tuple(pick(WORDS), fc.oneof(pick(REFS), pick(WORDS))).map(([w, x]) => `"${w} ${x}"`), weight: 8 },
  { arbitrary: fc.tuple(pick(WORDS), fc.oneof(pick(REFS), pick(ODD))).map(([w, x]) => `'${w} ${x}'`), weight: 8 },
  { arbitrary: pick(ODD).map((x) => `"${x}"`), weight: 6 },
  { arbitrary: pick(ODD), weight: 10 },
);
const command = fc
  .tuple(
    fc.array(piece, { minLength: 1, maxLength: 4 }),
    fc.oneof({ arbitrary: fc.constant(" "), weight: 9 }, fc.constant("\t")),
  )
  .map(([pieces, gap]) => pieces.join(gap));
/** Up to three commands, each maybe redirected, joined by operators (sometimes one at the end too). */
const shellLine = fc
  .tuple(
    fc.oneof({ arbitrary: fc.constant(""), weight: 9 }, fc.constant("  ")),
    fc.array(fc.tuple(command, fc.option(pick(REDIRS), { freq: 3 }), pick(OPS)), { minLength: 1, maxLength: 3 }),
    fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, fc.constant(true)),
  )
  .map(
    ([lead, segments, opAtEnd]) =>
      lead +
      segments
        .map(([cmd, redir, op], k) => cmd + (redir ?? "") + (k < segments.length - 1 || opAtEnd ? op : ""))
        .join(""),
  );

describe("planPlainShellCommand", () => {
  it("plans a plain line exactly as the parser-based planner does, and leaves every other line to it", () => {
    let plain = 0;
    let withRefs = 0;
    fc.assert(
      fc.property(shellLine, (text) => {
        const fast = planPlainShellCommand(text);
        if (!fast) return;
        plain++;
        if (fast.ok && fast.refs.length) withRefs++;
        expect({ text, plan: fast }).toEqual({ text, plan: planParsedShellCommand(text) });
      }),
      { numRuns: 4000, seed: 20261201 },
    );
    // The generator reaches both sides often enough for the comparison to mean something.
    expect(plain).toBeGreaterThan(400);
    expect(withRefs).toBeGreaterThan(150);
  });

  it("on lines made of the idiom table's words, plans exactly as the parser does or leaves them to it", () => {
    // Words that hand a script to a shell, read a name or an option, in every spelling the plain reader takes.
    const idiomWords = pick([
      ...["sh", "bash", "/bin/sh", "eval", "trap", "--", ".", "source", "/dev/stdin", "/dev/fd/3", "alias"],
      ...["a='echo {x}'", "read", "printf", "-v", "-p", "test", "[", "]", "unset", "getopts", "wait", "mapfile"],
      ...["-C", "-c", "-s", "env", "-S", "-i", "xargs", "-I{}", "ssh", "su", "flock", "script", "-qc", "compgen"],
      ...["-W", "builtin", "command", "exec", "nice", "echo", "cat", "PS4=x", "PS4={x}", "A={x}", "let", "declare"],
      ...["$SHELL", '"$SHELL"', "$BASH", "$0", "${SHELL}", "$x", '"$x"', "$(date)", "$(echo {x})", "x{x}"],
      ...["'echo {x}'", '"echo {x}"', "{x}", "{y}", "'{x}'", "n", "arr", "%s", "f.txt"],
    ]);
    const line = fc
      .array(fc.tuple(fc.array(idiomWords, { minLength: 1, maxLength: 5 }), pick([" | ", "; ", " && ", "\n"])), {
        minLength: 1,
        maxLength: 3,
      })
      .map((cmds) => cmds.map(([words, op], k) => words.join(" ") + (k < cmds.length - 1 ? op : "")).join(""));
    let plain = 0;
    let deferred = 0;
    fc.assert(
      fc.property(line, (text) => {
        const fast = planPlainShellCommand(text);
        if (!fast) {
          deferred++;
          return;
        }
        plain++;
        expect({ text, plan: fast }).toEqual({ text, plan: planParsedShellCommand(text) });
      }),
      { numRuns: 3000, seed: 20261202 },
    );
    expect(plain).toBeGreaterThan(200);
    expect(deferred).toBeGreaterThan(1000);
  });

  it("leaves every idiom of the table to the parser when a value is near", () => {
    for (const text of [
      "trap -- 'echo {x}' EXIT",
      "builtin eval 'echo {x}'",
      "echo 'echo {x}' | bash",
      "curl {url} | sh",
      ". /dev/stdin",
      "alias a='echo {x}'",
      "read {x}",
      "printf -v {x} %s 1",
      "printf {fmt} {x}",
      "[ -v {x} ]",
      "test {a} {b}",
      "\"$SHELL\" -c 'echo {x}'",
      "$BASH -c 'echo {x}'",
      "$x {y}",
      "{tool} {arg}",
      "env -S 'sh -c {x}'",
      "echo {x} | xargs -I{} sh -c '{}'",
      "ssh host {x}",
      "script -qc 'echo {x}' /dev/null",
      "PS4={x} bash -xc true",
      "mapfile -C 'echo {x}' arr",
      "compgen -W {x}",
    ])
      expect(planPlainShellCommand(text), text).toBeUndefined();
  });

  it("takes the everyday command lines", () => {
    for (const text of [
      "true",
      "npm test",
      "pytest {path} -q",
      'echo "Deploying {env}" | tee {N-001.output}.log 2>&1',
      "A=1 make build && ./run.sh > out.txt; echo done &",
      "cat '{prev_output}' >> notes.md\nwc -l notes.md",
      'cd "$WF_WORKSPACE" && make ${TARGET} {goal}',
      'echo "built at $(date -u +%H:%M) for {goal}" > "$(pwd)/{N-001.output}.log"',
      '[ -f "{path}" ] && cat {path} || echo missing',
    ]) {
      const fast = planPlainShellCommand(text);
      expect(fast, text).toBeDefined();
      expect(fast).toEqual(planParsedShellCommand(text));
    }
  });

  it("leaves nested shells, arithmetic, keywords and here-documents to the parser", () => {
    for (const text of [
      "sh -c 'echo {x}'",
      "/opt/{tool}/bash -c 'echo {x}'",
      'bash -c "echo {x}"',
      "eval echo {x}",
      "echo $((1 + {x}))",
      "echo $(sh -c 'echo {x}')",
      "echo ${x:-{y}}",
      "if true; then echo {x}; fi",
      "let n={n}+1",
      "export A={x}",
      "echo {a,b}",
      "cat <<EOF\n{x}\nEOF",
      "echo 'unclosed",
      "echo hi |",
      "| echo",
      "echo # comment",
      "echo é",
    ])
      expect(planPlainShellCommand(text), text).toBeUndefined();
  });
});

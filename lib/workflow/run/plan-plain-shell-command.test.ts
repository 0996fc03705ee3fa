import { describe, expect, it } from "vitest";
import { planPlainShellCommand } from "./plan-plain-shell-command";
import { planParsedShellCommand } from "./plan-shell-command";

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

function randomLine(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const piece = (): string => {
    const r = next();
    if (r < 0.45) return pick(WORDS);
    if (r < 0.6) return pick(REFS);
    if (r < 0.68) return `${pick(WORDS)}${pick(REFS)}`;
    if (r < 0.76) return `"${pick(WORDS)} ${next() < 0.5 ? pick(REFS) : pick(WORDS)}"`;
    if (r < 0.84) return `'${pick(WORDS)} ${next() < 0.5 ? pick(REFS) : pick(ODD)}'`;
    if (r < 0.9) return `"${pick(ODD)}"`;
    return pick(ODD);
  };
  const command = () => Array.from({ length: 1 + Math.floor(next() * 4) }, piece).join(next() < 0.9 ? " " : "\t");
  let line = next() < 0.1 ? "  " : "";
  const n = 1 + Math.floor(next() * 3);
  for (let k = 0; k < n; k++) {
    line += command();
    if (next() < 0.25) line += pick(REDIRS);
    if (k < n - 1 || next() < 0.1) line += pick(OPS);
  }
  return line;
}

describe("planPlainShellCommand", () => {
  it("plans a plain line exactly as the parser-based planner does, and leaves every other line to it", () => {
    let plain = 0;
    let withRefs = 0;
    for (let seed = 1; seed <= 4000; seed++) {
      const text = randomLine(random(seed));
      const fast = planPlainShellCommand(text);
      if (!fast) continue;
      plain++;
      if (fast.ok && fast.refs.length) withRefs++;
      expect({ seed, text, plan: fast }).toEqual({ seed, text, plan: planParsedShellCommand(text) });
    }
    // The generator reaches both sides often enough for the comparison to mean something.
    expect(plain).toBeGreaterThan(400);
    expect(withRefs).toBeGreaterThan(150);
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

/**
 * What passing values as data costs per shell node: today's tokenizer-planned command with its
 * values in `WF_REF_n` variables (plan-shell-command + render-shell-command, as the engine calls
 * them), side by side with the quote-tracking substitution it replaced (kept below as the baseline).
 * Figures: the first plan of a command (the tokenizer runs), a cached plan, and the old way; and the first
 * plan of plain lines (read without the tokenizer), which every idiom check must leave as fast.
 */
import { performance } from "node:perf_hooks";
import { parseReferences, referenceLookup, type ReferenceLookup } from "@/lib/workflow/model/references";
import { planShellCommand } from "@/lib/workflow/shell/plan-shell-command";
import { renderShellCommand } from "@/lib/workflow/shell/render-shell-command";
import { fmt, median } from "./measure";

/** The replaced substitution (quote tracking by hand), for comparison only: it is not safe. */
function oldSubstituteShell(text: string, lookup: ReferenceLookup): string {
  const quote = (v: string) => (/^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
  const refs = parseReferences(text);
  let out = "";
  let last = 0;
  let state: "none" | "single" | "double" = "none";
  let i = 0;
  for (const ref of refs) {
    for (; i < ref.start; i++) {
      const c = text[i];
      if (state === "single") {
        if (c === "'") state = "none";
      } else if (c === "\\") i++;
      else if (state === "double") {
        if (c === '"') state = "none";
      } else if (c === "'") state = "single";
      else if (c === '"') state = "double";
    }
    const value = lookup(ref);
    if (value === undefined) continue;
    const q =
      state === "single"
        ? value.replace(/'/g, `'\\''`)
        : state === "double"
          ? value.replace(/[\\$`"]/g, (c) => `\\${c}`)
          : quote(value);
    out += text.slice(last, ref.start) + q;
    last = ref.end;
    i = ref.end;
  }
  return out + text.slice(last);
}

const COMMANDS = [
  "npm test -- --grep {pattern}",
  'git checkout -b feature/{branch} && git commit -am "{message}"',
  'curl -fsS "{base_url}/items?q={query}" | jq \'.items[] | select(.name == "{name}")\' > out.json',
  "cat > notes.md <<'EOF'\n# {title}\n\n{prev_output}\nEOF\nsh -c 'wc -l notes.md && echo {title}'",
];
/** Plain lines (plan-plain-shell-command.ts): planned without the tokenizer. */
const PLAIN_COMMANDS = [
  "pytest {path} -q",
  'echo "Deploying {env}" | tee {N-001.output}.log 2>&1',
  'cd "$WF_WORKSPACE" && make ${TARGET} {goal} > "$(pwd)/build.log"; printf %s {goal} | wc -c',
];
const lookup = referenceLookup({
  vars: {
    pattern: "a b",
    branch: "x",
    message: 'it\'s "done"',
    base_url: "http://h",
    query: "a&b",
    name: "n",
    title: "$(t)",
  },
  prev: { prev_output: "line 1\nline 2 `x`" },
});
const noFiles = () => "/dev/null";

function perCall(fn: () => unknown, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - t0) / n;
}

export default async function shellValuesBench(): Promise<void> {
  const rows: [string, number, number, number][] = [];
  // Warm up the tokenizer (its first calls compile) and the JIT.
  for (let i = 0; i < 200; i++) for (const cmd of COMMANDS) planShellCommand(`${cmd} #warm${i}`);
  for (const [k, cmd] of COMMANDS.entries()) {
    // A new text each time defeats the plan cache: what the first node running this command pays.
    let salt = 0;
    const first = median(
      Array.from({ length: 7 }, () =>
        perCall(() => {
          const p = planShellCommand(`${cmd} #${salt++}`);
          if (p.ok) renderShellCommand(p, lookup, noFiles);
        }, 50),
      ),
    );
    const cached = median(
      Array.from({ length: 7 }, () =>
        perCall(() => {
          const p = planShellCommand(cmd);
          if (p.ok) renderShellCommand(p, lookup, noFiles);
        }, 2000),
      ),
    );
    const old = median(Array.from({ length: 7 }, () => perCall(() => oldSubstituteShell(cmd, lookup), 2000)));
    rows.push([`command ${k + 1} (${cmd.length} chars, ${parseReferences(cmd).length} refs)`, first, cached, old]);
  }
  console.log("| command | env vars, first plan | env vars, cached plan | old quote tracking |");
  console.log("| --- | --- | --- | --- |");
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  for (const [name, first, cached, old] of rows) console.log(`| ${name} | ${us(first)} | ${us(cached)} | ${us(old)} |`);
  console.log("\n| plain line | first plan | cached plan |");
  console.log("| --- | --- | --- |");
  for (const [k, cmd] of PLAIN_COMMANDS.entries()) {
    // A different last word each time defeats the cache and keeps the line plain.
    let salt = 0;
    const first = median(Array.from({ length: 7 }, () => perCall(() => planShellCommand(`${cmd} x${salt++}`), 2000)));
    const cached = median(Array.from({ length: 7 }, () => perCall(() => planShellCommand(cmd), 2000)));
    console.log(`| plain ${k + 1} (${cmd.length} chars) | ${us(first)} | ${us(cached)} |`);
  }
  const worst = Math.max(...rows.map((r) => r[1]));
  console.log(`worst first plan per shell node: ${fmt(worst)} (budget 0.5 ms)${worst < 0.5 ? "" : "  ← over budget"}`);
}

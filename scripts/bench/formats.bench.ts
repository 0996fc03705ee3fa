/**
 * Import speed of the formats: a generated 5,000-line Mermaid flowchart and a 1,000-task
 * playbook (goal: under 200 ms median each), the same playbook through the yaml package's
 * slower path, plus the export side for reference.
 */
import { parseDocument } from "yaml";
import { importMermaid } from "@/lib/formats/mermaid-to-template";
import { importPlaybook } from "@/lib/formats/playbook-to-template";
import { toMermaid } from "@/lib/formats/to-mermaid";
import { toPlaybookYaml } from "@/lib/formats/to-playbook-yaml";
import { cpus, loadavg } from "node:os";
import { fmt, medianMs } from "./measure";

/** 5,000 lines: node declarations with shapes/annotations, edges with labels, subgraphs, comments. */
export function mermaidText(lines: number): string {
  const out = ["flowchart LR"];
  let i = 0;
  while (out.length < lines) {
    const k = i++;
    if (k % 50 === 0) out.push(`  %% section ${k / 50}`);
    if (k % 200 === 0)
      out.push(`  subgraph s${k} ["Phase ${k / 200}"]`, `    n${k}_a["Prepare ${k}|type=tool"]`, `  end`);
    out.push(`  n${k}["Step ${k}"] -->|ok| n${k + 1}(["Next ${k + 1}"])`);
    if (k % 3 === 0) out.push(`  n${k} -.-> n${k + 2} & n${k + 3}`);
    if (k % 10 === 0) out.push(`  g${k}{"Check ${k}?"} -->|yes| n${k + 4}`, `  g${k} -- no --> n${k + 5}`);
  }
  return out.slice(0, lines).join("\n") + "\n";
}

export function playbookText(tasks: number): string {
  const out = [
    "name: big",
    "description: a generated playbook",
    "phases:",
    "  - name: plan",
    "  - name: build",
    "variables:",
    '  issue: ""',
    "  branch: main",
    "tasks:",
  ];
  for (let i = 0; i < tasks; i++) {
    out.push(
      `  - name: task-${i}`,
      `    phase: ${i < tasks / 2 ? "plan" : "build"}`,
      `    capability: ${["research", "implementation", "verification", "review"][i % 4]}`,
      `    prompt: "Work on {{ variables.issue }} step ${i} on {{ variables.branch }}"`,
      `    success: step ${i} done`,
    );
    const deps = [i - 1, i - 7, i - 31].filter((d) => d >= 0);
    if (deps.length) out.push(`    depends_on: [${deps.map((d) => `task-${d}`).join(", ")}]`);
    if (i % 5 === 0)
      out.push("    on_failure: retry", "    checks:", `      - type: file_exists`, `        path: out/${i}.txt`);
  }
  return out.join("\n") + "\n";
}

export default async function bench(): Promise<void> {
  // The machine is shared: the load average tells how much to trust the figures below.
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} (${cpus().length} cores)`,
  );
  const mmd = mermaidText(5000);
  const mm = importMermaid(mmd);
  if (!mm.template) throw new Error(`generated Mermaid did not import: ${mm.diagnostics[0]?.message}`);
  const pb = playbookText(1000);
  const pr = importPlaybook(pb);
  if (!pr.template) throw new Error(`generated playbook did not import: ${pr.diagnostics[0]?.message}`);

  // The same playbook with one block scalar: outside the importer's fast YAML subset, so the
  // whole text goes through the yaml package (the path for unusual playbooks).
  const pbFallback = pb.replace("description: a generated playbook", "description: |\n  a generated playbook");
  if (!importPlaybook(pbFallback).template) throw new Error("the fallback playbook did not import");

  const tMermaid = await medianMs(() => importMermaid(mmd), 9, 2);
  const tPlaybook = await medianMs(() => importPlaybook(pb), 9, 2);
  const tFallback = await medianMs(() => importPlaybook(pbFallback), 9, 2);
  // What the fallback costs: the yaml package building its positioned document.
  const tYaml = await medianMs(() => parseDocument(pb), 9, 2);
  const tToMermaid = await medianMs(() => toMermaid(mm.template!), 9, 2);
  const tToYaml = await medianMs(() => toPlaybookYaml(pr.template!), 9, 2);
  const verdict = (ms: number) => (ms < 200 ? "ok (< 200 ms)" : "SLOW (goal < 200 ms)");
  console.log(
    `import Mermaid, 5,000 lines (${mm.template.nodes.length} nodes, ${mm.template.edges.length} edges): ${fmt(tMermaid)} median — ${verdict(tMermaid)}`,
  );
  console.log(
    `import playbook, 1,000 tasks (${pr.template.edges.length} edges): ${fmt(tPlaybook)} median — ${verdict(tPlaybook)}`,
  );
  console.log(
    `import playbook through the yaml package (outside the fast subset): ${fmt(tFallback)} median — of which parseDocument alone: ${fmt(tYaml)} median`,
  );
  console.log(`toMermaid of that graph: ${fmt(tToMermaid)} median; toPlaybookYaml: ${fmt(tToYaml)} median`);
}

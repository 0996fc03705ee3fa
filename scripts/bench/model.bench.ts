/**
 * Workflow model speed: generated DAGs of 1,000 and 10,000 nodes (about 3 edges per node).
 * Goals: validate + inject checkpoints + topological order on 10k < 150 ms; dagre layout of 1k
 * < 1 s; 1k → 10k ratio < 15× (near-linear).
 */
import { autoLayout } from "@/lib/canvas/auto-layout";
import { injectCheckpoints } from "@/lib/workflow/checkpoints/inject-checkpoints";
import type { Template } from "@/lib/workflow/model/template-schema";
import { topologicalOrder } from "@/lib/workflow/graph/topological-order";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { cpus, loadavg } from "node:os";
import { fmt, medianMs } from "./measure";

/** Deterministic PRNG (mulberry32) so every run measures the same graphs. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A raw template: node i gets up to 3 edges from the 30 nodes before it; a phase is 50 nodes. */
export function generateDag(n: number, seed = 1): Record<string, unknown> {
  const rand = prng(seed);
  const id = (i: number) => `N-${String(i).padStart(5, "0")}`;
  const nodes: Record<string, unknown>[] = [];
  const edges: { from: string; to: string }[] = [];
  for (let i = 0; i < n; i++) {
    const preds = new Set<number>();
    if (i > 0) {
      preds.add(i - 1 - Math.floor(rand() * Math.min(i, 5)));
      // Workflows are local: the other inputs come from the last 30 steps.
      for (let k = 0; k < 2; k++) if (rand() < 0.95) preds.add(i - 1 - Math.floor(rand() * Math.min(i, 30)));
    }
    for (const p of preds) edges.push({ from: id(p), to: id(i) });
    const first = [...preds][0];
    const kind = i % 3;
    nodes.push({
      id: id(i),
      name: i % 20 === 0 ? `Plan step ${i}` : `Step ${i}`,
      type: kind === 0 ? "skill" : kind === 1 ? "shell" : "agent",
      executor: "workflow-execute",
      args_template: first === undefined ? "{goal}" : `--in {${id(first)}.output} {goal}`,
      phase: `phase-${Math.floor(i / 50)}`,
      ...(i % 97 === 0 && kind === 2 ? { run_in_background: true } : {}),
    });
  }
  return {
    template_id: `wft-bench-${n}-20260101`,
    name: `bench ${n}`,
    context_schema: { goal: { type: "string", required: true } },
    nodes,
    edges,
  };
}

function pipeline(raw: Record<string, unknown>): void {
  const result = validateTemplate(raw);
  if (!result.template) throw new Error(`generated template is invalid: ${result.diagnostics[0]?.message}`);
  const { template } = injectCheckpoints(result.template);
  topologicalOrder(template);
}

export default async function modelBench(): Promise<void> {
  // The machine is shared: the load average tells how much to trust the figures below.
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} (${cpus().length} cores)`,
  );
  const small = generateDag(1_000);
  const big = generateDag(10_000);
  const check = validateTemplate(big);
  const errors = check.diagnostics.filter((d) => d.severity === "error");
  console.log(
    `10k template: ${errors.length} errors, ${check.diagnostics.length} diagnostics, ${(big.edges as []).length} edges`,
  );

  const parsedBig = check.template as Template;
  const v10 = await medianMs(() => validateTemplate(big), 7, 2);
  const i10 = await medianMs(() => injectCheckpoints(parsedBig), 7, 2);
  const t10 = await medianMs(() => topologicalOrder(parsedBig), 7, 2);
  const all1 = await medianMs(() => pipeline(small), 15, 3);
  const all10 = await medianMs(() => pipeline(big), 7, 2);
  console.log(`validate 10k:                         ${fmt(v10)}`);
  console.log(`inject checkpoints 10k:               ${fmt(i10)}`);
  console.log(`topological order 10k:                ${fmt(t10)}`);
  console.log(`validate + inject + topo 1k:          ${fmt(all1)}`);
  console.log(`validate + inject + topo 10k:         ${fmt(all10)}   (goal < 150 ms)`);
  console.log(`ratio 1k → 10k:                       ${(all10 / all1).toFixed(1)}×   (goal < 15×)`);

  const parsedSmall = validateTemplate(small).template as Template;
  const lay = await medianMs(() => autoLayout(parsedSmall, { direction: "LR" }), 3, 1);
  console.log(`dagre layout 1k (LR):                 ${fmt(lay)}   (goal < 1 s)`);
}

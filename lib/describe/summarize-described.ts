/**
 * A described template in a few comparable words, for tests that run describe in-process and
 * through `wf describe --json` alike: the step descriptions in order, the flow drawn by step
 * number (`1 → (2 ∥ 3) → ⏸4`, ⏸ = a pause for a person; injected checkpoints are looked through)
 * and the variables (name → required).
 */
import type { Template } from "@/lib/workflow/model/template-schema";

export interface DescribedSummary {
  steps: string[];
  flow: string;
  variables: Record<string, boolean>;
}

const STEP_ID = /^N-(\d+)$/;

/** Stages of the step graph by longest path; "irregular" when a stage is not fully wired to the next. */
function drawFlow(template: Template): string {
  const steps = template.nodes.filter((n) => STEP_ID.test(n.id));
  const byId = new Map(template.nodes.map((n) => [n.id, n]));
  const out = new Map<string, string[]>();
  for (const e of template.edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  /** Step successors, looking through injected nodes. */
  const next = (id: string, seen = new Set<string>()): string[] =>
    (out.get(id) ?? []).flatMap((to) => {
      if (seen.has(to)) return [];
      seen.add(to);
      return STEP_ID.test(to) ? [to] : next(to, seen);
    });
  const succ = new Map(steps.map((s) => [s.id, [...new Set(next(s.id))].sort()]));
  const depth = new Map<string, number>();
  const visit = (id: string): number => {
    if (depth.has(id)) return depth.get(id)!;
    const preds = steps.filter((s) => succ.get(s.id)!.includes(id));
    const d = preds.length ? Math.max(...preds.map((p) => visit(p.id))) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  const stages: string[][] = [];
  for (const s of steps) (stages[visit(s.id)] ??= []).push(s.id);
  // A stage of several steps is one parallel group, and no group spans two stages.
  const groupOf = (id: string) => byId.get(id)!.parallel_group ?? null;
  for (const st of stages) {
    const groups = new Set(st.map(groupOf));
    const spread = stages.some((other) => other !== st && other.some((id) => groupOf(id) && groups.has(groupOf(id))));
    if ((st.length > 1 && (groups.size !== 1 || groups.has(null))) || spread) return `ungrouped: ${st.join(" ")}`;
  }
  for (let k = 0; k + 1 < stages.length; k++) {
    const want = [...stages[k + 1]].sort().join(",");
    if (stages[k].some((id) => succ.get(id)!.join(",") !== want)) {
      return `irregular: ${steps.map((s) => `${s.id}→${succ.get(s.id)!.join("|")}`).join(" ")}`;
    }
  }
  const label = (id: string) => {
    const n = byId.get(id)!;
    const pause = n.type === "checkpoint" && n.auto_continue === false ? "⏸" : "";
    return `${pause}${Number(STEP_ID.exec(id)![1])}`;
  };
  return stages.map((st) => (st.length > 1 ? `(${st.map(label).join(" ∥ ")})` : label(st[0]))).join(" → ");
}

export function summarizeDescribed(template: Template): DescribedSummary {
  const steps = template.nodes
    .filter((n) => STEP_ID.test(n.id))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((n) => n.description ?? n.name);
  const variables = Object.fromEntries(Object.entries(template.context_schema).map(([k, v]) => [k, v.required]));
  return { steps, flow: drawFlow(template), variables };
}

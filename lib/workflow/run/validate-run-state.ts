/**
 * Run-state validation on load (docs/engine.md, "Durability"): a stored run whose
 * state could not have been produced by the reducer stops with RUN018 instead of being guessed at.
 * 1. every planned node has exactly one state, and no state names an unknown node;
 * 2. a node that started or finished has every dependency satisfied (no out-of-order completion);
 * 3. a finished run has no running or ready node.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { isSatisfied } from "./reduce-context";
import { RUN_CODES } from "./run-codes";
import type { RunPlan } from "./run-plan";
import type { RunState } from "./run-state";

const STARTED = new Set(["running", "waiting", "done", "interrupted"]);

export function validateRunState(plan: RunPlan, state: RunState): Diagnostic[] {
  const out: Diagnostic[] = [];
  const bad = (nodeId: string, problem: string) =>
    out.push({ severity: "error", code: "RUN018", message: RUN_CODES.RUN018(nodeId, problem), nodeId });
  for (const id of plan.order) if (!state.nodes[id]) bad(id, "no stored state for a planned node");
  for (const id of Object.keys(state.nodes)) if (!plan.nodes[id]) bad(id, "state for a node that is not in the plan");
  if (out.length) return out;
  for (const id of plan.order) {
    const n = state.nodes[id];
    if (!STARTED.has(n.status)) continue;
    const open = plan.nodes[id].deps.filter((d) => !isSatisfied(state.nodes[d]));
    if (open.length) bad(id, `${n.status} before its dependencies finished (${open.join(", ")})`);
  }
  if (isTerminalRunStatus(state.status)) {
    for (const id of plan.order) {
      const st = state.nodes[id].status;
      if (st === "running" || st === "ready") bad(id, `${st} in a ${state.status} run`);
    }
  }
  return out;
}

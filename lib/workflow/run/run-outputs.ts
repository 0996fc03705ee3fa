/**
 * What a succeeded run hands back (`run.outputs`, a caller's workflow node output): the template's `outputs`,
 * each a template over the run's variables and finished nodes; without them, `{ output }` of the last finished
 * node in topological order. A reference that cannot be resolved is left as written (validation reports it).
 */
import { substituteReferences } from "@/lib/workflow/model/references";
import { finishedNodeLookup } from "./run-reference-context";
import type { RunSpec } from "./run-spec";
import type { RunState } from "./run-state";

export function evaluateRunOutputs(spec: RunSpec, state: RunState): Record<string, string> {
  const declared = spec.template.outputs;
  if (!declared) {
    for (let k = spec.plan.order.length - 1; k >= 0; k--) {
      const n = state.nodes[spec.plan.order[k]];
      if (n.status === "done") return { output: n.output ?? "" };
    }
    return { output: "" };
  }
  const lookup = finishedNodeLookup(spec, state);
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(declared)) out[name] = substituteReferences(text, lookup).text;
  return out;
}

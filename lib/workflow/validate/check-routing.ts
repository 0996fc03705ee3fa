/** Routing rules: gate branches (count, labels) and loop bounds. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { edgePath, nodePath, type ModelView, type ViewEdge } from "./model-view";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { FIELD_BOUNDS } from "@/lib/workflow/model/field-bounds";

/** Loops are expanded when a run is planned, so their bound must stay small (the schema's bound). */
export const MAX_LOOP_ITERATIONS = FIELD_BOUNDS.maxIter.max;

export function checkRouting(view: ModelView): Diagnostic[] {
  const out: Diagnostic[] = [];
  const outgoing = new Map<string, ViewEdge[]>();
  // Only gates need their out-edges: skip the index on templates without one.
  if (view.nodes.some((n) => n.type === "gate"))
    for (const e of view.edges) {
      const list = outgoing.get(e.from);
      if (list) list.push(e);
      else outgoing.set(e.from, [e]);
    }
  for (const node of view.nodes) {
    if (node.type === "gate") {
      const edges = (outgoing.get(node.id) ?? []).filter((e) => e.to !== node.id);
      const where = { nodeId: node.id, path: nodePath(node) };
      if (edges.length < 2) out.push(wfIssue("WF020", where, node.id, edges.length));
      const labels = new Set<string>();
      const reported = new Set<string>();
      for (const e of edges) {
        const edgeWhere = { nodeId: node.id, edge: { from: e.from, to: e.to }, path: edgePath(e), field: "label" };
        if (e.label === undefined || e.label.trim() === "") {
          out.push(wfIssue("WF022", edgeWhere, node.id, e.to));
          continue;
        }
        if (labels.has(e.label) && !reported.has(e.label)) {
          out.push(wfIssue("WF021", edgeWhere, node.id, e.label));
          reported.add(e.label);
        }
        labels.add(e.label);
      }
    }
    if (node.type === "loop" && typeof node.data.max_iter === "number") {
      const max = node.data.max_iter;
      const where = { nodeId: node.id, path: nodePath(node, "max_iter"), field: "max_iter" };
      if (max < 1) out.push(wfIssue("WF025", where, node.id, max));
      else if (max > MAX_LOOP_ITERATIONS) out.push(wfIssue("WF026", where, node.id, max, MAX_LOOP_ITERATIONS));
    }
  }
  return out;
}

/** Group rules: parallel-group members stay independent; checkpoints[] and atomic groups name real nodes. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { edgePath, isRecord, nodePath, type ModelView } from "./model-view";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

export function* checkGroups(view: ModelView): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const group = (i: number) => (i < 0 ? undefined : view.nodeAt[i].data.parallel_group);
  // Edges of the graph (self-loops and dangling ends are reported elsewhere), by resolved index.
  if (view.nodes.some((n) => typeof n.data.parallel_group === "string"))
    for (let k = 0; k < view.edges.length; k++) {
      if (endsSlice(k)) yield;
      const e = view.edges[k];
      const a = group(view.edgeFrom[k]);
      if (typeof a === "string" && a !== "" && a === group(view.edgeTo[k]))
        out.push(wfIssue("WF060", { edge: { from: e.from, to: e.to }, path: edgePath(e) }, e.from, e.to, a));
    }
  const listed = new Set<string>();
  for (let i = 0; i < view.checkpoints.length; i++) {
    if (endsSlice(i)) yield;
    const id = view.checkpoints[i];
    if (typeof id !== "string") continue;
    listed.add(id);
    const node = view.byId.get(id);
    const where = { nodeId: id, path: `checkpoints[${i}]` };
    if (!node) out.push(wfIssue("WF080", where, id));
    else if (node.type !== "checkpoint") out.push(wfIssue("WF081", where, id, node.type ?? "untyped"));
  }
  for (let i = 0; i < view.nodes.length; i++) {
    if (endsSlice(i)) yield;
    const node = view.nodes[i];
    if (node.type === "checkpoint" && !listed.has(node.id))
      out.push(wfIssue("WF082", { nodeId: node.id, path: nodePath(node) }, node.id));
  }
  view.atomicGroups.forEach((group, g) => {
    if (!isRecord(group) || !Array.isArray(group.nodes)) return;
    const name = typeof group.name === "string" ? group.name : `#${g}`;
    group.nodes.forEach((id: unknown, i) => {
      if (typeof id === "string" && !view.byId.has(id))
        out.push(wfIssue("WF083", { nodeId: id, path: `atomic_groups[${g}].nodes[${i}]` }, name, id));
    });
  });
  return out;
}

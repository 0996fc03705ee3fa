/**
 * Structural rules: duplicate ids, dangling edges, self-loops, repeated edges, cycles (every node
 * named), start nodes and reachability, isolated nodes (docs/model.md, "Validation").
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { findCyclesInSlices } from "@/lib/workflow/graph/find-cycles";
import { edgePath, nodePath, type ModelView } from "./model-view";
import { reachableFrom, startNodes } from "@/lib/workflow/graph/reachability";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

export function* checkGraphStructure(view: ModelView): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const { graph, byId } = view;
  // Nothing to run: never saved by describe, never started by the engine.
  if (view.nodes.length === 0) out.push(wfIssue("WF018", { path: "nodes", field: "nodes" }));

  // Duplicate ids exist only when some node is not the first of its id.
  const counts = new Map<string, number>();
  if (view.nodes.length !== byId.size)
    for (const node of view.nodes) counts.set(node.id, (counts.get(node.id) ?? 0) + 1);
  if (counts.size > 0)
    for (const node of view.nodes)
      if ((counts.get(node.id) ?? 0) > 1 && byId.get(node.id) !== node)
        out.push(
          wfIssue(
            "WF010",
            { nodeId: node.id, path: nodePath(node, "id"), field: "id" },
            node.id,
            counts.get(node.id) ?? 0,
          ),
        );

  // Repeated edges: the graph keeps each (from, to) pair once, so when its edge count matches
  // the usable edges there is nothing to look for (the common case, no per-edge key strings).
  let usable = 0;
  for (let k = 0; k < view.edges.length; k++) if (view.edgeFrom[k] >= 0) usable++;
  let kept = 0;
  for (const s of graph.succ) kept += s.length;
  const seen = usable === kept ? null : new Set<string>();
  for (let k = 0; k < view.edges.length; k++) {
    if (endsSlice(k)) yield;
    const e = view.edges[k];
    // The graph resolved every edge: only the ones it left out can be dangling or self-loops.
    if (view.edgeFrom[k] < 0) {
      const edge = { from: e.from, to: e.to };
      if (!byId.has(e.from))
        out.push(wfIssue("WF011", { edge, path: `${edgePath(e)}.from`, field: "from" }, "from", e.from));
      if (!byId.has(e.to)) out.push(wfIssue("WF011", { edge, path: `${edgePath(e)}.to`, field: "to" }, "to", e.to));
      if (e.from === e.to) out.push(wfIssue("WF012", { edge, nodeId: e.from, path: edgePath(e) }, e.from));
    }
    if (!seen) continue;
    const key = `${e.from}\u0000${e.to}\u0000${e.label ?? ""}`;
    if (seen.has(key))
      out.push(wfIssue("WF016", { edge: { from: e.from, to: e.to }, path: edgePath(e) }, e.from, e.to));
    seen.add(key);
  }

  yield;
  for (const cycle of yield* findCyclesInSlices(graph)) {
    const onPath = new Set(cycle.path);
    const first = byId.get(cycle.path[0]);
    out.push(
      wfIssue(
        "WF013",
        { nodeId: cycle.path[0], path: first && nodePath(first) },
        cycle.path,
        cycle.members.filter((id) => !onPath.has(id)),
      ),
    );
  }

  yield;
  const starts = startNodes(graph);
  if (graph.ids.length > 0 && starts.length === 0) out.push(wfIssue("WF015", {}));
  if (starts.length > 0) {
    const reached = reachableFrom(graph, starts);
    yield;
    graph.ids.forEach((id, i) => {
      if (!reached[i]) out.push(wfIssue("WF014", { nodeId: id, path: nodePath(byId.get(id)!) }, id));
    });
  }
  yield;
  if (graph.ids.length > 1)
    graph.ids.forEach((id, i) => {
      if (graph.pred[i].length === 0 && graph.succ[i].length === 0)
        out.push(wfIssue("WF017", { nodeId: id, path: nodePath(byId.get(id)!) }, id));
    });
  return out;
}

/**
 * Reference rules: `{N-x.field}` names an existing node that runs before this one, `{var}` is
 * declared in context_schema, `{prev_*}` has an upstream node, `{iteration}` sits in a loop.
 */
import type { Graph } from "./build-graph";
import type { Diagnostic } from "./diagnostic";
import { nodePath, type ModelView } from "./model-view";
import { listTemplateReferences } from "./template-references";
import { topologicalSort } from "./topological-order";
import { wfIssue } from "./wf-issue-codes";

/**
 * Returns `isUpstream(target, node)`: is there a path target → … → node? A backward search from
 * `node` that never descends below `target`'s topological position, memoised per pair.
 */
function upstreamChecker(graph: Graph): (target: string, node: string) => boolean {
  const { order, blocked } = topologicalSort(graph);
  const position = new Int32Array(graph.ids.length);
  [...order, ...blocked].forEach((i, pos) => (position[i] = pos));
  const memo = new Map<string, boolean>();
  // One visit-stamp array for all searches: no per-search allocation on 10,000-node graphs.
  const visited = new Int32Array(graph.ids.length);
  let stamp = 0;
  return (target, node) => {
    const key = `${target}\u0000${node}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const t = graph.index.get(target);
    const n = graph.index.get(node);
    let found = false;
    if (t !== undefined && n !== undefined && t !== n && position[t] < position[n]) {
      const floor = position[t];
      stamp++;
      const stack = [n];
      while (stack.length > 0 && !found) {
        for (const p of graph.pred[stack.pop() as number]) {
          if (p === t) found = true;
          if (visited[p] === stamp || position[p] < floor) continue;
          visited[p] = stamp;
          stack.push(p);
        }
      }
    }
    memo.set(key, found);
    return found;
  };
}

export function checkReferences(view: ModelView, template: unknown): Diagnostic[] {
  const out: Diagnostic[] = [];
  const used = new Set<string>();
  let isUpstream: ((target: string, node: string) => boolean) | undefined;
  for (const { nodeId, nodeIndex, field, ref } of listTemplateReferences(template as { nodes?: unknown })) {
    const node = view.byId.get(nodeId);
    if (!node || node.index !== nodeIndex) continue; // a duplicate id: already reported
    const where = { nodeId, field, path: nodePath(node, field), line: ref.line, column: ref.column };
    switch (ref.kind) {
      case "node":
        if (!view.byId.has(ref.nodeId)) out.push(wfIssue("WF050", where, nodeId, field, ref.raw));
        else if (!(isUpstream ??= upstreamChecker(view.graph))(ref.nodeId, nodeId))
          out.push(wfIssue("WF051", where, nodeId, field, ref.raw, ref.nodeId));
        break;
      case "variable":
        used.add(ref.name);
        if (view.variables && !view.variables.has(ref.name)) out.push(wfIssue("WF052", where, nodeId, field, ref.name));
        break;
      case "prev":
        if (view.graph.pred[view.graph.index.get(nodeId) as number].length === 0)
          out.push(wfIssue("WF053", where, nodeId, field, ref.raw));
        break;
      case "iteration":
        if (node.type !== "loop") out.push(wfIssue("WF054", where, nodeId, field));
        break;
    }
  }
  for (const name of view.variables ?? [])
    if (!used.has(name)) out.push(wfIssue("WF055", { path: `context_schema.${name}`, field: name }, name));
  return out;
}

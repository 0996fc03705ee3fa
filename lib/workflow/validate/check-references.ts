/**
 * Reference rules: `{N-x.field}` names an existing node that runs before this one, `{var}` is
 * declared in context_schema, `{prev_*}` has an upstream node, `{iteration}` sits in a loop.
 * A template's `outputs` are read when the run has finished: any node may be named there, and
 * `{prev_*}` / `{iteration}` mean nothing.
 */
import type { Graph } from "@/lib/workflow/graph/build-graph";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { isRecord, nodePath, type ModelView, type ViewNode } from "./model-view";
import { parseReferences, type Reference } from "@/lib/workflow/model/references";
import { visitReferenceFields } from "@/lib/workflow/model/template-references";
import { topologicalSort } from "@/lib/workflow/graph/topological-order";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

/**
 * Returns `isUpstream(t, n)` over graph indexes: is there a path t → … → n? A direct predecessor
 * answers at once; otherwise a backward search from `n` that never descends below `t`'s
 * topological position, memoised per pair.
 */
function upstreamChecker(graph: Graph): (t: number, n: number) => boolean {
  const { order, blocked } = topologicalSort(graph);
  const count = graph.ids.length;
  const position = new Int32Array(count);
  order.forEach((i, pos) => (position[i] = pos));
  blocked.forEach((i, pos) => (position[i] = order.length + pos));
  const memo = new Map<number, boolean>();
  // One visit-stamp array for all searches: no per-search allocation on 10,000-node graphs.
  const visited = new Int32Array(count);
  let stamp = 0;
  return (t, n) => {
    if (t === n || position[t] >= position[n]) return false;
    if (graph.pred[n].includes(t)) return true;
    const key = t * count + n;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const floor = position[t];
    let found = false;
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
    memo.set(key, found);
    return found;
  };
}

/** Where a reference's diagnostic points; built only for a diagnostic (most references are fine). */
function where(node: ViewNode, field: string, ref: Reference) {
  return { nodeId: node.id, field, path: nodePath(node, field), line: ref.line, column: ref.column };
}

/** The template's `outputs` (WF103–WF105); adds the variables they use to `used`. */
function checkOutputReferences(view: ModelView, template: unknown, used: Set<string>, out: Diagnostic[]): void {
  const outputs = isRecord(template) ? template.outputs : undefined;
  if (!isRecord(outputs)) return;
  for (const [name, text] of Object.entries(outputs)) {
    if (typeof text !== "string") continue;
    const field = `outputs.${name}`;
    for (const ref of parseReferences(text)) {
      const at = { field, path: field, line: ref.line, column: ref.column };
      if (ref.kind === "node" && !view.byId.has(ref.nodeId)) out.push(wfIssue("WF103", at, name, ref.raw));
      else if (ref.kind === "variable") {
        used.add(ref.name);
        if (view.variables && !view.variables.has(ref.name)) out.push(wfIssue("WF104", at, name, ref.name));
      } else if (ref.kind === "prev" || ref.kind === "iteration") out.push(wfIssue("WF105", at, name, ref.raw));
    }
  }
}

export function* checkReferences(view: ModelView, template: unknown): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const used = new Set<string>();
  const { graph } = view;
  let isUpstream: ((t: number, n: number) => boolean) | undefined;
  // The view's nodes are the template's nodes with a usable id; a repeated id was reported already.
  for (let k = 0; k < view.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const node = view.nodes[k];
    if (view.byId.get(node.id) !== node) continue;
    const nodeId = node.id;
    const self = graph.index.get(nodeId) as number;
    visitReferenceFields(node.data, (field, text) => {
      if (!text.includes("{")) return;
      for (const ref of parseReferences(text)) {
        switch (ref.kind) {
          case "node": {
            const t = graph.index.get(ref.nodeId);
            if (t === undefined) out.push(wfIssue("WF050", where(node, field, ref), nodeId, field, ref.raw));
            else if (!(isUpstream ??= upstreamChecker(graph))(t, self))
              out.push(wfIssue("WF051", where(node, field, ref), nodeId, field, ref.raw, ref.nodeId));
            break;
          }
          case "variable":
            used.add(ref.name);
            if (view.variables && !view.variables.has(ref.name))
              out.push(wfIssue("WF052", where(node, field, ref), nodeId, field, ref.name));
            break;
          case "prev":
            if (graph.pred[self].length === 0)
              out.push(wfIssue("WF053", where(node, field, ref), nodeId, field, ref.raw));
            break;
          case "iteration":
            if (node.type !== "loop") out.push(wfIssue("WF054", where(node, field, ref), nodeId, field));
            break;
          case "secret":
            // Whether the secret exists is the server's question (run.start: RUN030), not the model's.
            break;
        }
      }
    });
  }
  checkOutputReferences(view, template, used, out);
  for (const name of view.variables ?? [])
    if (!used.has(name)) out.push(wfIssue("WF055", { path: `context_schema.${name}`, field: name }, name));
  return out;
}

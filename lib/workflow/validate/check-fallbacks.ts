/** Fallback rules: `on_fail: fallback:<id>` names an existing other node, and fallbacks never loop. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { nodePath, type ModelView } from "./model-view";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";

/** The fallback target of `on_fail`, or `undefined`. */
export function fallbackTarget(onFail: unknown): string | undefined {
  return typeof onFail === "string" && onFail.startsWith("fallback:")
    ? onFail.slice("fallback:".length).trim()
    : undefined;
}

export function checkFallbacks(view: ModelView): Diagnostic[] {
  const out: Diagnostic[] = [];
  const next = new Map<string, string>();
  for (const node of view.nodes) {
    const target = fallbackTarget(node.data.on_fail);
    if (target === undefined) continue;
    const where = { nodeId: node.id, path: nodePath(node, "on_fail"), field: "on_fail" };
    if (target === node.id) out.push(wfIssue("WF031", where, node.id));
    else if (!view.byId.has(target)) out.push(wfIssue("WF030", where, node.id, target));
    else if (!next.has(node.id)) next.set(node.id, target);
  }
  // Each node has at most one fallback: walk each chain once, colouring nodes as we go.
  const state = new Map<string, "active" | "done">();
  for (const startId of next.keys()) {
    const chain: string[] = [];
    let id: string | undefined = startId;
    while (id !== undefined && !state.has(id)) {
      state.set(id, "active");
      chain.push(id);
      id = next.get(id);
    }
    if (id !== undefined && state.get(id) === "active") {
      const loop = chain.slice(chain.indexOf(id));
      const node = view.byId.get(loop[0])!;
      out.push(wfIssue("WF032", { nodeId: loop[0], path: nodePath(node, "on_fail"), field: "on_fail" }, loop));
    }
    for (const c of chain) state.set(c, "done");
  }
  return out;
}

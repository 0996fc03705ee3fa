/**
 * After checkpoints are injected, `{prev_output}` of a node that now follows a checkpoint would
 * mean the checkpoint. Where the nearest upstream *work* node is unique, the reference is pinned
 * to it: `{prev_output}` → `{N-001.output}`, `{prev_output_path}` → `{N-001.output_path}`,
 * `{prev_session_id}` → `{N-001.session_id}`.
 */
import { parseReferences, substituteReferences } from "@/lib/workflow/model/references";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

const FIELD = { prev_output: "output", prev_output_path: "output_path", prev_session_id: "session_id" } as const;

/** Work nodes reached from `id` going upstream through checkpoints only. */
function upstreamWork(id: string, incoming: Map<string, string[]>, byId: Map<string, WorkflowNode>): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const stack = [...(incoming.get(id) ?? [])];
  while (stack.length) {
    const cur = stack.pop()!;
    if (seen.has(cur)) continue;
    seen.add(cur);
    if (byId.get(cur)?.type === "checkpoint") stack.push(...(incoming.get(cur) ?? []));
    else found.add(cur);
  }
  return found;
}

export function pinPrevReferences(template: Template): Template {
  const byId = new Map(template.nodes.map((n) => [n.id, n]));
  const incoming = new Map<string, string[]>();
  for (const e of template.edges) incoming.set(e.to, [...(incoming.get(e.to) ?? []), e.from]);
  const nodes = template.nodes.map((node) => {
    const args = node.args_template;
    // Every `{prev_*}` reference is written as such: most nodes need no parse.
    if (!args?.includes("{prev_") || !parseReferences(args).some((r) => r.kind === "prev")) return node;
    const direct = incoming.get(node.id) ?? [];
    if (direct.length === 1 && byId.get(direct[0])?.type !== "checkpoint") return node;
    const work = [...upstreamWork(node.id, incoming, byId)];
    if (work.length !== 1) return node;
    const pinned = substituteReferences(args, (r) => (r.kind === "prev" ? `{${work[0]}.${FIELD[r.name]}}` : undefined));
    return { ...node, args_template: pinned.text };
  });
  return { ...template, nodes };
}

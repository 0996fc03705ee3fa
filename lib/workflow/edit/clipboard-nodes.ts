/**
 * Copy and paste of nodes. The clipboard holds template JSON (a valid template with just the copied
 * nodes, the edges between them and the variables they use), so a copy can be pasted in another tab,
 * saved as a file, or imported. Pasting gives clashing ids fresh ones and rewrites the references,
 * edges and fallbacks of the pasted nodes to match (through `renameNodeId`).
 */
import { nextNodeId } from "./new-node";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { renameNodeId } from "./rename-node-id";
import { listTemplateReferences } from "@/lib/workflow/model/template-references";
import type { Template } from "@/lib/workflow/model/template-schema";

/** A template holding the nodes `ids` (in template order) and the edges among them. */
export function copyNodes(template: Template, ids: Iterable<string>): Template {
  const wanted = new Set(ids);
  const nodes = template.nodes.filter((n) => wanted.has(n.id));
  const kept = new Set(nodes.map((n) => n.id));
  const variables = new Set(
    listTemplateReferences({ nodes }).flatMap((r) => (r.ref.kind === "variable" ? [r.ref.name] : [])),
  );
  return {
    template_id: `${template.template_id}-clipboard`,
    name: `${nodes.length} node${nodes.length === 1 ? "" : "s"} from ${template.name}`,
    description: "",
    version: "1.0",
    tags: [],
    context_schema: Object.fromEntries(Object.entries(template.context_schema).filter(([name]) => variables.has(name))),
    nodes,
    edges: template.edges.filter((e) => kept.has(e.from) && kept.has(e.to)),
    checkpoints: [],
    atomic_groups: [],
    execution_mode: template.execution_mode,
    metadata: {},
  };
}

export type ClipboardParse = { ok: true; template: Template } | { ok: false; message: string };

/** Clipboard text → a template to paste, or a message saying why it is not one. */
export function parseClipboardText(text: string): ClipboardParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: "The clipboard does not hold workflow nodes (it is not template JSON)." };
  }
  // A bare `{ nodes, edges }` fragment is accepted too.
  if (raw && typeof raw === "object" && !Array.isArray(raw) && Array.isArray((raw as { nodes?: unknown }).nodes))
    raw = { template_id: "clipboard", name: "Clipboard", ...(raw as object) };
  const parsed = parseTemplate(raw);
  if (!parsed.ok) {
    const first = parsed.diagnostics[0];
    return { ok: false, message: `The clipboard is not a valid template: ${first?.message ?? "unknown problem"}.` };
  }
  if (parsed.template.nodes.length === 0) return { ok: false, message: "The clipboard template has no nodes." };
  return { ok: true, template: parsed.template };
}

function idPrefix(id: string): string {
  const m = /^(.*?)-?\d+$/.exec(id);
  return m && m[1] ? m[1] : id;
}

export interface PasteResult<T extends Template> {
  template: T;
  /** Ids of the pasted nodes, in the target template. */
  ids: string[];
}

/**
 * Adds the clipboard's nodes and edges to `template`, each position shifted by `offset` (nodes
 * without a position get none, so the canvas lays them out). Variables the target lacks are added.
 */
export function pasteNodes<T extends Template>(
  template: T,
  clip: Template,
  offset: { x: number; y: number } = { x: 40, y: 40 },
): PasteResult<T> {
  const taken = new Set([...template.nodes.map((n) => n.id), ...clip.nodes.map((n) => n.id)]);
  let renamed = clip;
  for (const node of clip.nodes) {
    if (!template.nodes.some((n) => n.id === node.id)) continue;
    const fresh = nextNodeId(taken, idPrefix(node.id));
    taken.add(fresh);
    renamed = renameNodeId(renamed, node.id, fresh);
  }
  const nodes = renamed.nodes.map((n) =>
    n.position ? { ...n, position: { x: n.position.x + offset.x, y: n.position.y + offset.y } } : n,
  );
  const context_schema = { ...renamed.context_schema, ...template.context_schema };
  return {
    template: {
      ...template,
      context_schema,
      nodes: [...template.nodes, ...nodes],
      edges: [...template.edges, ...renamed.edges],
    },
    ids: nodes.map((n) => n.id),
  };
}

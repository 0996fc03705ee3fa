/**
 * What a Mermaid flowchart body cannot hold (prompts, context_schema, checkpoints list, tags,
 * ports, checks, …) rides in the front matter under `wf_template`, so template → Mermaid →
 * template is lossless. The mermaid library reads only `title`/`config`/`displayMode` from front
 * matter and ignores other keys. On import the body stays authoritative for what it carries
 * (ids, names, types, phases, edges, annotated fields); the extras fill in the rest, per node id,
 * so a hand-edited diagram still imports sensibly (extras of deleted nodes are dropped).
 */

/** Scalar node fields written as `|key=value` annotations (import reads the same keys). */
export const ANNOTATED_FIELDS = [
  "max_iter",
  "executor",
  "on_fail",
  "tier",
  "timeout_s",
  "until",
  "condition",
  "template",
  "version",
] as const;
/** Node keys the Mermaid body itself carries (label, shape/`type=`, subgraph, annotations). */
const BODY_NODE_KEYS = new Set<string>(["id", "name", "type", "phase", ...ANNOTATED_FIELDS]);
/** Template keys the body carries (title, nodes, edges). */
const BODY_TEMPLATE_KEYS = new Set(["name", "nodes", "edges"]);

/** Node extras key listing fields the node did not have, though import would derive them. */
const ABSENT = "wf_absent";

/** The front-matter payload: template fields, per-node and per-edge fields the body cannot hold. */
export interface MermaidTemplateExtras {
  template?: Record<string, unknown>;
  nodes?: Record<string, Record<string, unknown>>;
  /** Keyed by edge index; `from`/`to` repeat the endpoints so an edited edge list is not mismatched. */
  edges?: Record<string, Record<string, unknown>>;
}

type Loose = Record<string, unknown>;

function isRecord(v: unknown): v is Loose {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * A value the body can write back exactly as an annotation (string or number). A `version` annotation
 * of digits reads back as a number, so only a whole number or a string that is not all digits rides there.
 */
export function bodyCarries(key: string, value: unknown): boolean {
  if (!BODY_NODE_KEYS.has(key)) return false;
  if (key === "id" || key === "name" || key === "type" || key === "phase") return true;
  if (key === "version")
    return typeof value === "number"
      ? Number.isSafeInteger(value) && value >= 0
      : isTrimmedText(value) && !/^\d+$/.test(value);
  return isTrimmedText(value) || typeof value === "number";
}

function isTrimmedText(value: unknown): value is string {
  return typeof value === "string" && value === value.trim() && value !== "";
}

/** Splits off everything the Mermaid body does not carry; undefined when nothing is left. */
export function templateExtras(template: Loose): MermaidTemplateExtras | undefined {
  const extras: MermaidTemplateExtras = {};
  const top: Loose = {};
  for (const [k, v] of Object.entries(template)) {
    if (BODY_TEMPLATE_KEYS.has(k) || v === undefined) continue;
    if (k === "metadata" && isRecord(v)) {
      // The direction is the flowchart header; keep the rest of metadata.
      const rest = Object.fromEntries(Object.entries(v).filter(([mk]) => mk !== "mermaid_direction"));
      if (Object.keys(rest).length || !Object.hasOwn(v, "mermaid_direction")) top[k] = rest;
      continue;
    }
    top[k] = v;
  }
  if (Object.keys(top).length) extras.template = top;
  const nodes: Record<string, Loose> = {};
  for (const node of Array.isArray(template.nodes) ? template.nodes : []) {
    if (!isRecord(node) || typeof node.id !== "string") continue;
    const rest = Object.fromEntries(Object.entries(node).filter(([k, v]) => v !== undefined && !bodyCarries(k, v)));
    // Fields import derives from the body (an agent's prompt from its label, a parallel group from
    // its subgraph) that this node did not have.
    const absent = [
      ...(node.type === "agent" && node.args_template === undefined ? ["args_template"] : []),
      ...(node.phase !== undefined && node.parallel_group === undefined ? ["parallel_group"] : []),
    ];
    if (absent.length) rest[ABSENT] = absent;
    if (Object.keys(rest).length) nodes[node.id] = rest;
  }
  if (Object.keys(nodes).length) extras.nodes = nodes;
  const edges: Record<string, Loose> = {};
  (Array.isArray(template.edges) ? template.edges : []).forEach((edge, i) => {
    if (!isRecord(edge)) return;
    const rest = Object.entries(edge).filter(
      ([k, v]) =>
        v !== undefined && k !== "from" && k !== "to" && !(k === "label" && typeof v === "string" && v !== ""),
    );
    if (rest.length) edges[String(i)] = { from: edge.from, to: edge.to, ...Object.fromEntries(rest) };
  });
  if (Object.keys(edges).length) extras.edges = edges;
  return extras.template || extras.nodes || extras.edges ? extras : undefined;
}

/** Fills a raw template read from the Mermaid body with the front-matter extras (body wins where it speaks). */
export function applyTemplateExtras(raw: Loose, payload: unknown): Loose {
  if (!isRecord(payload)) return raw;
  const out: Loose = { ...raw };
  if (isRecord(payload.template)) {
    for (const [k, v] of Object.entries(payload.template)) {
      if (BODY_TEMPLATE_KEYS.has(k)) continue;
      if (k === "metadata" && isRecord(v)) out.metadata = { ...v, ...(isRecord(raw.metadata) ? raw.metadata : {}) };
      else if (k === "phases" && Array.isArray(v)) {
        // Declared phases (with descriptions) first, then any subgraph the body adds.
        const declared = v.filter(isRecord);
        const names = new Set(declared.map((p) => p.name));
        const added = (Array.isArray(raw.phases) ? raw.phases : []).filter((p) => isRecord(p) && !names.has(p.name));
        out.phases = [...declared, ...added];
      } else out[k] = v;
    }
  }
  const nodeExtras = isRecord(payload.nodes) ? payload.nodes : {};
  if (Array.isArray(raw.nodes)) {
    out.nodes = raw.nodes.map((node: unknown) => {
      if (!isRecord(node) || typeof node.id !== "string") return node;
      const extra = nodeExtras[node.id];
      if (!isRecord(extra)) return node;
      const fill = Object.fromEntries(Object.entries(extra).filter(([k]) => !bodyCarries(k, node[k] ?? extra[k])));
      // Keep the body's key order, then the extras' own keys.
      const merged: Loose = {};
      for (const k of Object.keys(node)) merged[k] = Object.hasOwn(fill, k) ? fill[k] : node[k];
      for (const [k, v] of Object.entries(fill)) if (!Object.hasOwn(merged, k)) merged[k] = v;
      for (const k of Array.isArray(extra[ABSENT]) ? extra[ABSENT] : []) if (typeof k === "string") delete merged[k];
      delete merged[ABSENT];
      return merged;
    });
  }
  const edgeExtras = isRecord(payload.edges) ? payload.edges : {};
  if (Array.isArray(raw.edges)) {
    out.edges = raw.edges.map((edge: unknown, i) => {
      const extra = edgeExtras[String(i)];
      if (!isRecord(edge) || !isRecord(extra) || extra.from !== edge.from || extra.to !== edge.to) return edge;
      return { ...edge, ...extra, from: edge.from, to: edge.to };
    });
  }
  return out;
}

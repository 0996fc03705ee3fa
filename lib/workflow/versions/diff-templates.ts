/**
 * diffTemplates(a, b): what changed from version a to version b of a template (docs/api.md's
 * `template.diff` shape). Nodes are matched by id; an edge is its (from, to, label) triple, so a
 * relabelled edge is one removed and one added. Applying the diff to a's node and edge sets gives
 * b's (property-tested).
 */
import * as z from "zod";
import { canonicalJson } from "./content-hash";
import type { Edge, Template } from "@/lib/workflow/model/template-schema";

export const DiffEdgeSchema = z.object({ from: z.string(), to: z.string(), label: z.string().optional() });
export type DiffEdge = z.infer<typeof DiffEdgeSchema>;

export const TemplateDiffSchema = z.object({
  nodes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    /** Nodes in both versions whose fields differ, with the names of those fields (sorted). */
    changed: z.array(z.object({ id: z.string(), fields: z.array(z.string()) })),
  }),
  edges: z.object({ added: z.array(DiffEdgeSchema), removed: z.array(DiffEdgeSchema) }),
  /** Template-level fields (name, description, context_schema…) that differ; nodes and edges excluded. */
  fields: z.array(z.string()),
});
export type TemplateDiff = z.infer<typeof TemplateDiffSchema>;

type Diffable = Pick<Template, "nodes" | "edges">;

/** Names of the keys whose values differ (canonical JSON, so key order does not count). */
export function changedFields(a: object, b: object, skip: ReadonlySet<string> = new Set()): string[] {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  const out: string[] = [];
  for (const k of keys) {
    if (skip.has(k)) continue;
    if (canonicalJson(ra[k]) !== canonicalJson(rb[k])) out.push(k);
  }
  return out.sort();
}

export function edgeKey(e: Pick<Edge, "from" | "to" | "label">): string {
  return JSON.stringify([e.from, e.to, e.label ?? null]);
}

function toDiffEdge(e: Edge): DiffEdge {
  return e.label === undefined ? { from: e.from, to: e.to } : { from: e.from, to: e.to, label: e.label };
}

/** Edges of `xs` whose key is not in `ys`, once each, in `xs` order. */
function edgesMissingFrom(xs: readonly Edge[], ys: readonly Edge[]): DiffEdge[] {
  const other = new Set(ys.map(edgeKey));
  const seen = new Set<string>();
  const out: DiffEdge[] = [];
  for (const e of xs) {
    const k = edgeKey(e);
    if (other.has(k) || seen.has(k)) continue;
    seen.add(k);
    out.push(toDiffEdge(e));
  }
  return out;
}

const TEMPLATE_SKIP = new Set(["nodes", "edges"]);

export function diffTemplates(a: Diffable, b: Diffable): TemplateDiff {
  const before = new Map(a.nodes.map((n) => [n.id, n]));
  const after = new Map(b.nodes.map((n) => [n.id, n]));
  const added = [...after.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const changed: TemplateDiff["nodes"]["changed"] = [];
  for (const [id, nb] of after) {
    const na = before.get(id);
    if (!na) continue;
    const fields = changedFields(na, nb);
    if (fields.length > 0) changed.push({ id, fields });
  }
  return {
    nodes: { added, removed, changed },
    edges: { added: edgesMissingFrom(b.edges, a.edges), removed: edgesMissingFrom(a.edges, b.edges) },
    fields: changedFields(a, b, TEMPLATE_SKIP),
  };
}

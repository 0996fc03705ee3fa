/** Unknown JSON → a typed Template, or diagnostics with JSON paths (never throws). */
import type { z } from "zod";
import type { Diagnostic } from "./diagnostic";
import { normalizeTemplate, normalizeTemplateInSlices } from "./normalize-template";
import { EdgeSchema, NodeSchema, TemplateSchema, type Template } from "./template-schema";
import { endsSlice, SLICE_ITEMS, type Sliced } from "@/lib/workflow/slices/sliced";

export type ParseTemplateResult =
  { ok: true; template: Template; diagnostics: [] } | { ok: false; diagnostics: Diagnostic[] };

/** `["nodes", 2, "on_fail"]` → `nodes[2].on_fail`. */
export function toJsonPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "$";
}

function nodeIdAt(raw: unknown, path: readonly PropertyKey[]): string | undefined {
  if (path[0] !== "nodes" || typeof path[1] !== "number") return undefined;
  const nodes = (raw as { nodes?: unknown })?.nodes;
  const node = Array.isArray(nodes) ? nodes[path[1]] : undefined;
  const id = (node as { id?: unknown })?.id;
  return typeof id === "string" ? id : undefined;
}

export function schemaIssuesToDiagnostics(raw: unknown, issues: readonly z.core.$ZodIssue[]): Diagnostic[] {
  return issues.map((issue) => {
    const path = toJsonPath(issue.path);
    const last = issue.path[issue.path.length - 1];
    const nodeId = nodeIdAt(raw, issue.path);
    return {
      severity: "error" as const,
      code: "WF001",
      message: `${path}${nodeId ? ` (node "${nodeId}")` : ""}: ${issue.message}`,
      path,
      ...(nodeId ? { nodeId } : {}),
      ...(typeof last === "string" ? { field: last } : {}),
    };
  });
}

export function parseTemplate(raw: unknown): ParseTemplateResult {
  const normalized = normalizeTemplate(raw);
  const parsed = TemplateSchema.safeParse(normalized);
  if (parsed.success) return { ok: true, template: parsed.data, diagnostics: [] };
  return { ok: false, diagnostics: schemaIssuesToDiagnostics(normalized, parsed.error.issues) };
}

/**
 * `parseTemplate` in slices, for a large template (the server's start of a run, a save, a library read): the
 * template without its node, edge and checkpoint lists parsed by the schema, then each entry by its own schema,
 * yielding between slices — the same template the schema gives. A template the schema refuses anywhere is parsed
 * again whole (every diagnostic with its path, as `parseTemplate` gives them); a small one is parsed whole at once.
 */
export function* parseTemplateInSlices(raw: unknown): Sliced<ParseTemplateResult> {
  const lists = raw as { nodes?: unknown; edges?: unknown };
  const size =
    (Array.isArray(lists?.nodes) ? lists.nodes.length : 0) + (Array.isArray(lists?.edges) ? lists.edges.length : 0);
  if (size <= 2 * SLICE_ITEMS) return parseTemplate(raw);
  const normalized = (yield* normalizeTemplateInSlices(raw)) as Record<string, unknown>;
  const { nodes, edges, checkpoints, ...rest } = normalized;
  const listed = (v: unknown) => v === undefined || Array.isArray(v);
  const head = TemplateSchema.safeParse({
    ...rest,
    nodes: [],
    ...(edges !== undefined ? { edges: [] } : {}),
    ...(checkpoints !== undefined ? { checkpoints: [] } : {}),
  });
  if (!head.success || !Array.isArray(nodes) || !listed(edges) || !listed(checkpoints)) return parseTemplate(raw);
  const parsedNodes = yield* eachParsed(nodes, NodeSchema);
  const parsedEdges = Array.isArray(edges) ? yield* eachParsed(edges, EdgeSchema) : head.data.edges;
  const parsedCheckpoints = Array.isArray(checkpoints)
    ? yield* eachParsed(checkpoints, CHECKPOINT_ID)
    : head.data.checkpoints;
  if (!parsedNodes || !parsedEdges || !parsedCheckpoints) return parseTemplate(raw);
  const template = { ...head.data, nodes: parsedNodes, edges: parsedEdges, checkpoints: parsedCheckpoints };
  return { ok: true, template, diagnostics: [] };
}

type EntrySchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** `checkpoints[]`' entries: node ids (`z.string()` in the schema). */
const CHECKPOINT_ID: EntrySchema<string> = {
  safeParse: (value) => (typeof value === "string" ? { success: true, data: value } : { success: false }),
};

/** Every entry parsed by `schema`, or undefined at the first it refuses. */
function* eachParsed<T>(items: unknown[], schema: EntrySchema<T>): Sliced<T[] | undefined> {
  const out: T[] = [];
  for (let k = 0; k < items.length; k++) {
    if (endsSlice(k)) yield;
    const parsed = schema.safeParse(items[k]);
    if (!parsed.success) return undefined;
    out.push(parsed.data);
  }
  return out;
}

/** Every reference of a template, with the node and field (JSON-path-like) it sits in. */
import { parseReferences, type Reference } from "./references";
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

/** Node fields whose text is a template (references are substituted at run time). */
export const REFERENCE_FIELDS = [
  "args_template",
  "prompt",
  "condition",
  "until",
  "url",
  "body",
  "output_file",
] as const;
/** Node fields that map names to templates: an http node's `headers`, a workflow node's `inputs`. */
const MAP_REFERENCE_FIELDS = ["headers", "inputs"] as const;
/** Fields of a check (post- or precondition) that are templates. */
export const CHECK_REFERENCE_FIELDS = ["path", "pattern", "run", "prompt", "expect_output"] as const;

export interface TemplateReference {
  nodeId: string;
  /** Index of the node in `nodes[]`. */
  nodeIndex: number;
  /** Field inside the node: `args_template`, `headers.Authorization`, `inputs.env`, `checks[0].run`. */
  field: string;
  ref: Reference;
}

type Loose = Record<string, unknown>;
const isRecord = (x: unknown): x is Loose => typeof x === "object" && x !== null && !Array.isArray(x);

const CHECK_LISTS = ["checks", "preconditions"] as const;

/** Calls `visit(field, text)` for each field of one node that may hold references (any shape). */
export function visitReferenceFields(node: unknown, visit: (field: string, text: string) => void): void {
  if (!isRecord(node)) return;
  for (const f of REFERENCE_FIELDS) {
    const text = node[f];
    if (typeof text === "string") visit(f, text);
  }
  for (const f of MAP_REFERENCE_FIELDS) {
    const map = node[f];
    if (isRecord(map)) for (const [k, v] of Object.entries(map)) if (typeof v === "string") visit(`${f}.${k}`, v);
  }
  for (const list of CHECK_LISTS) {
    const checks = node[list];
    if (!Array.isArray(checks)) continue;
    checks.forEach((check, i) => {
      if (!isRecord(check)) return;
      for (const f of CHECK_REFERENCE_FIELDS)
        if (typeof check[f] === "string") visit(`${list}[${i}].${f}`, check[f] as string);
    });
  }
}

/**
 * Lists every reference in every node of `template` (nodes without a string id are skipped).
 * Accepts unvalidated input so the validator can use it on partially broken templates.
 */
export function listTemplateReferences(template: { nodes?: unknown }): TemplateReference[] {
  return finish(listTemplateReferencesInSlices(template));
}

/** `listTemplateReferences` in slices (the start of a large run: see `sliced.ts`). */
export function* listTemplateReferencesInSlices(template: { nodes?: unknown }): Sliced<TemplateReference[]> {
  const out: TemplateReference[] = [];
  const nodes: unknown = template?.nodes;
  if (!Array.isArray(nodes)) return out;
  for (let nodeIndex = 0; nodeIndex < nodes.length; nodeIndex++) {
    if (endsSlice(nodeIndex)) yield;
    const node: unknown = nodes[nodeIndex];
    if (!isRecord(node) || typeof node.id !== "string") continue;
    const nodeId = node.id;
    visitReferenceFields(node, (field, text) => {
      for (const ref of parseReferences(text)) out.push({ nodeId, nodeIndex, field, ref });
    });
  }
  return out;
}

/**
 * A copy of `node` with `map` applied to every reference-bearing text (same fields as
 * `referenceBearingFields`); untouched objects are shared, not copied.
 */
export function mapReferenceFields<N>(node: N, map: (text: string) => string): N {
  if (!isRecord(node)) return node;
  const out: Loose = { ...node };
  for (const f of REFERENCE_FIELDS) if (typeof out[f] === "string") out[f] = map(out[f] as string);
  for (const f of MAP_REFERENCE_FIELDS) {
    const fields = out[f];
    if (isRecord(fields))
      out[f] = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? map(v) : v]));
  }
  for (const list of ["checks", "preconditions"] as const) {
    const checks = out[list];
    if (!Array.isArray(checks)) continue;
    out[list] = checks.map((check: unknown) => {
      if (!isRecord(check)) return check;
      const copy: Loose = { ...check };
      for (const f of CHECK_REFERENCE_FIELDS) if (typeof copy[f] === "string") copy[f] = map(copy[f] as string);
      return copy;
    });
  }
  return out as N;
}

/** Unknown JSON → a typed Template, or diagnostics with JSON paths (never throws). */
import type { z } from "zod";
import type { Diagnostic } from "./diagnostic";
import { normalizeTemplate } from "./normalize-template";
import { TemplateSchema, type Template } from "./template-schema";

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

/** What every importer returns: a template when the input made sense, and every problem found. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";

export interface SourcePosition {
  line: number;
  column: number;
}

export interface ImportResult {
  /** Present when the input was readable enough to build a schema-valid template. */
  template?: Template;
  diagnostics: Diagnostic[];
  /** Where each node was written in the source, so later (model) diagnostics can point there. */
  locations?: Record<string, SourcePosition>;
  /** Template JSON only: the parsed value when it failed the schema (the validator still runs on it). */
  raw?: unknown;
}

/** Adds `line`/`column` from `locations` to diagnostics that name a node but have no position. */
export function locateDiagnostics(
  diagnostics: readonly Diagnostic[],
  locations: Readonly<Record<string, SourcePosition>> | undefined,
): Diagnostic[] {
  if (!locations) return [...diagnostics];
  return diagnostics.map((d) => {
    const at = d.line === undefined && d.nodeId ? locations[d.nodeId] : undefined;
    return at && Object.hasOwn(locations, d.nodeId!) ? { ...d, line: at.line, column: at.column } : d;
  });
}

/**
 * validateTemplate(input) → { ok, mode, diagnostics }: every problem at once, never throws.
 * (Skeleton: schema checks only; the full rule set of DESIGN.md §2 lands with the model-core issue.)
 */
import type { Diagnostic } from "./diagnostic";
import { parseTemplate } from "./parse-template";
import type { Template } from "./template-schema";

export type DdeMode = "simple" | "advanced";

export interface ValidationResult {
  ok: boolean;
  mode: DdeMode;
  diagnostics: Diagnostic[];
  /** The parsed template when the schema accepted it. */
  template?: Template;
}

export function validateTemplate(input: unknown): ValidationResult {
  const parsed = parseTemplate(input);
  if (!parsed.ok) return { ok: false, mode: "advanced", diagnostics: parsed.diagnostics };
  const t = parsed.template;
  const advanced = t.nodes.length > 15 || t.nodes.some((n) => n.type === "gate" || n.type === "loop");
  return { ok: true, mode: advanced ? "advanced" : "simple", diagnostics: [], template: t };
}

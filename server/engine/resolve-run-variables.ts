/**
 * The run's variables from the template's context_schema and what the caller gave: defaults
 * fill optional gaps, a required variable without a value is RUN006 (never guessed). A variable
 * the template does not declare never reaches the run: refused with RUN024 when `strict` (the API and
 * the CLI), else left out.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { Template } from "@/lib/workflow/model/template-schema";

export function resolveRunVariables(
  template: Template,
  given: Readonly<Record<string, unknown>>,
  strict = false,
): { vars: Record<string, string>; diagnostics: Diagnostic[] } {
  const vars: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [k, v] of Object.entries(given)) {
    if (v === undefined || v === null) continue;
    if (Object.hasOwn(template.context_schema, k)) vars[k] = String(v);
    else if (strict) diagnostics.push({ severity: "error", code: "RUN024", message: RUN_CODES.RUN024(k), field: k });
  }
  for (const [name, spec] of Object.entries(template.context_schema)) {
    if (vars[name] !== undefined && vars[name] !== "") continue;
    if (spec.default !== undefined && spec.default !== "") vars[name] = String(spec.default);
    else if (spec.required)
      diagnostics.push({ severity: "error", code: "RUN006", message: RUN_CODES.RUN006(name), field: name });
  }
  return { vars, diagnostics };
}

/**
 * A trigger's variables against its template's `context_schema`, at save: every variable must be one
 * the template declares, and every required one without a default needs a value — for a schedule a
 * value, for a webhook a mapping (or a constant). Each problem names its field (`variables.<name>`).
 */
import type { Variable } from "@/lib/workflow/model/template-schema";
import { mappingProblems } from "./map-webhook-variables";
import type { TriggerKind, TriggerVariables } from "./trigger-schema";

export interface FieldProblem {
  field: string;
  message: string;
}

function hasValue(v: string | number | boolean | undefined): boolean {
  return v !== undefined && v !== "";
}

export function checkTriggerVariables(
  kind: TriggerKind,
  variables: TriggerVariables,
  declared: Readonly<Record<string, Variable>>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const names = Object.keys(declared);
  for (const name of Object.keys(variables))
    if (!Object.hasOwn(declared, name))
      problems.push({
        field: `variables.${name}`,
        message: `the template declares no variable "${name}" (${names.length ? `it declares ${names.join(", ")}` : "it declares none"})`,
      });
  for (const [name, spec] of Object.entries(declared)) {
    if (!spec.required || hasValue(spec.default) || hasValue(variables[name])) continue;
    problems.push({
      field: `variables.${name}`,
      message:
        kind === "schedule"
          ? `"${name}" is required by the template and has no default: give the schedule a value for it`
          : `"${name}" is required by the template and has no default: map it from the request, e.g. {body.${name}}`,
    });
  }
  if (kind === "webhook")
    for (const p of mappingProblems(variables)) problems.push({ field: `variables.${p.variable}`, message: p.message });
  return problems;
}

/**
 * What starting a run derives from the template alone: every validation error (a run is never started
 * from a template with errors — drafts included), the plan, and the reducer's spec. Kept per template
 * object: `run.start` gets the same parsed object for every run of a stored version (template-store
 * caches it and nobody mutates it), so a template started again is not validated or planned again.
 * Checks that read the outside world (the skill catalog, secrets, the run's variables) are not kept here.
 */
import { hasErrors, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import { validateParsedTemplate } from "@/lib/workflow/validate/validate-template";
import { planRun, type RunPlan } from "@/lib/workflow/run/run-plan";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import type { Template } from "@/lib/workflow/model/template-schema";

export interface PreparedRun {
  /** Undefined when the template has errors or cannot be planned (`problems` says why). */
  plan?: RunPlan;
  spec?: RunSpec;
  /** The template's validation errors, then the planner's. */
  problems: Diagnostic[];
}

const prepared = new WeakMap<Template, PreparedRun>();

export function prepareRun(template: Template): PreparedRun {
  const known = prepared.get(template);
  if (known) return known;
  const errors = validateParsedTemplate(template).diagnostics.filter((d) => d.severity === "error");
  // Nothing is planned (so no loop is expanded) from a template with errors.
  const planned = hasErrors(errors) ? undefined : planRun(template);
  const result: PreparedRun = planned?.ok
    ? { plan: planned.plan, spec: makeRunSpec(template, planned.plan), problems: [] }
    : { problems: [...errors, ...(planned && !planned.ok ? planned.diagnostics : [])] };
  prepared.set(template, result);
  return result;
}

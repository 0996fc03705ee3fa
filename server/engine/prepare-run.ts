/**
 * What starting a run derives from the template alone: every validation error (a run is never started
 * from a template with errors — drafts included), the plan, the reducer's spec, and the JSON text of the
 * template and plan its `run_specs` row stores. Kept per template object: `run.start` gets the same parsed
 * object for every run of a stored version (template-store caches it and nobody mutates it), so a template
 * started again is not validated, planned or written out again. Made in slices (`prepareRunInSlices`) for
 * the start of a large run. Checks that read the outside world (the skill catalog, secrets, the run's
 * variables) are not kept here.
 */
import { hasErrors, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import { validateParsedTemplateInSlices } from "@/lib/workflow/validate/validate-template";
import { planRunInSlices, type RunPlan } from "@/lib/workflow/run/run-plan";
import { makeRunSpecInSlices, type RunSpec } from "@/lib/workflow/run/run-spec";
import type { Template } from "@/lib/workflow/model/template-schema";
import { jsonInSlices } from "@/lib/workflow/slices/json-in-slices";
import { finish, type Sliced } from "@/lib/workflow/slices/sliced";

export interface PreparedRun {
  /** Undefined when the template has errors or cannot be planned (`problems` says why). */
  plan?: RunPlan;
  spec?: RunSpec;
  /** `JSON.stringify` of the template and of the plan, once a run was started from it (`preparedJson`). */
  json?: { template: string; plan: string };
  /** The template's validation errors, then the planner's. */
  problems: Diagnostic[];
}

const prepared = new WeakMap<Template, PreparedRun>();

export function* prepareRunInSlices(template: Template): Sliced<PreparedRun> {
  const known = prepared.get(template);
  if (known) return known;
  const validated = yield* validateParsedTemplateInSlices(template);
  const errors = validated.diagnostics.filter((d) => d.severity === "error");
  // Nothing is planned (so no loop is expanded) from a template with errors.
  const planned = hasErrors(errors) ? undefined : yield* planRunInSlices(template);
  const result: PreparedRun = planned?.ok
    ? { plan: planned.plan, spec: yield* makeRunSpecInSlices(template, planned.plan), problems: [] }
    : { problems: [...errors, ...(planned && !planned.ok ? planned.diagnostics : [])] };
  prepared.set(template, result);
  return result;
}

export function prepareRun(template: Template): PreparedRun {
  return finish(prepareRunInSlices(template));
}

/** The JSON text of a prepared template and its plan, made once (a simulation never needs it). */
export function* preparedJson(
  template: Template,
  p: PreparedRun,
  plan: RunPlan,
): Sliced<{ template: string; plan: string }> {
  if (!p.json) p.json = { template: yield* jsonInSlices(template), plan: yield* jsonInSlices(plan) };
  return p.json;
}

/**
 * What starting a run derives from the template alone: the plan, the command-line and variable-name
 * checks, and the reducer's spec. Kept per template object: `run.start` gets the same parsed object
 * for every run of a stored version (template-store caches it and nobody mutates it), so a template
 * started again is not planned again. Checks that read the outside world (the skill catalog, secrets,
 * the run's variables) are not kept here.
 */
import { checkShellCommands } from "@/lib/workflow/validate/check-shell-commands";
import { checkVariableNames } from "@/lib/workflow/validate/check-variable-names";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { buildModelView } from "@/lib/workflow/validate/model-view";
import { planRun, type RunPlan } from "@/lib/workflow/run/run-plan";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import type { Template } from "@/lib/workflow/model/template-schema";

export interface PreparedRun {
  /** Undefined when the template cannot be planned (`planProblems` says why). */
  plan?: RunPlan;
  spec?: RunSpec;
  planProblems: Diagnostic[];
  variableNames: Diagnostic[];
  shellCommands: Diagnostic[];
}

const prepared = new WeakMap<Template, PreparedRun>();

export function prepareRun(template: Template): PreparedRun {
  const known = prepared.get(template);
  if (known) return known;
  const planned = planRun(template);
  const result: PreparedRun = {
    ...(planned.ok ? { plan: planned.plan, spec: makeRunSpec(template, planned.plan) } : {}),
    planProblems: planned.ok ? [] : planned.diagnostics,
    variableNames: checkVariableNames(undefined, template),
    shellCommands: checkShellCommands(buildModelView(template)),
  };
  prepared.set(template, result);
  return result;
}

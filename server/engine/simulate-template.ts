/**
 * A simulation with the checks a real start makes: the variables (defaults, required ones, undeclared ones when
 * `refuseUndeclared`), the plan, command lines, variable names, skill recipes and secret names — then the mocks
 * and decisions (SIM0xx). Any problem throws RunInputError with every diagnostic, as `startRun` does; nothing
 * is planned into the engine, stored or started.
 */
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { NodeDurationStats } from "@/lib/workflow/simulate/estimate-duration";
import type { SimulationOptions } from "@/lib/workflow/simulate/simulation-input";
import { simulate } from "@/lib/workflow/simulate/simulate";
import { checkSkillCommands } from "./check-skill-commands";
import { RunInputError } from "./engine-errors";
import { prepareRun } from "./prepare-run";
import { resolveRunSecrets, type SecretSource } from "./run-secrets";
import { resolveRunVariables } from "./resolve-run-variables";

export interface SimulateTemplateInput extends SimulationOptions {
  template: Template;
  variables?: Record<string, unknown>;
  refuseUndeclared?: boolean;
  catalog?: () => ExecutorCatalog;
  /** Where secret names are looked up (only whether each exists matters; values are never used). */
  secretSource?: SecretSource;
  history?: NodeDurationStats;
}

export function simulateTemplate(input: SimulateTemplateInput) {
  const { vars, diagnostics } = resolveRunVariables(input.template, input.variables ?? {}, input.refuseUndeclared);
  const prepared = prepareRun(input.template);
  const problems = [
    ...prepared.problems,
    ...diagnostics,
    ...(input.catalog ? checkSkillCommands(input.template, input.catalog) : []),
    ...(input.secretSource ? resolveRunSecrets(input.template, input.secretSource).diagnostics : []),
  ];
  if (problems.length || !prepared.spec) throw new RunInputError(problems);
  const spec = prepared.spec;
  const out = simulate(spec, vars, input);
  if (!out.ok) throw new RunInputError(out.diagnostics);
  return { spec, ...out };
}

/**
 * The checks and plan of a new run, before anything is stored: the template's validation (errors refuse
 * the run), the plan, variables (required ones are never guessed), skill recipes, secrets. Any problem throws
 * RunInputError with every diagnostic; otherwise an ActiveRun whose `created` record the next commit
 * stores with its first events. In slices (`newActiveRunInSlices`) for the start of a large run: each step
 * whose work grows with the template yields between slices.
 */
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import { initialRunStateInSlices } from "@/lib/workflow/run/run-state";
import { finish, type Sliced } from "@/lib/workflow/slices/sliced";
import { newId } from "@/server/db/new-id";
import { createActiveRun, type ActiveRun } from "./active-run";
import { checkSkillCommands } from "./check-skill-commands";
import type { StartRunInput } from "./engine-options";
import { RunInputError } from "./engine-errors";
import { prepareRunInSlices, preparedJson } from "./prepare-run";
import { checkChildCalls, pinChildTemplates, type ChildTemplateSource } from "./child-templates";
import { resolveRunSecretsInSlices, type SecretSource } from "./run-secrets";
import { resolveRunVariables } from "./resolve-run-variables";
import { leaveUnwritten } from "./unwritten-node-rows";
import { workspacePath } from "@/server/engine/confinement/workspace";

export interface NewRunContext {
  runsDir: string;
  perRunLimit: number;
  catalog: () => ExecutorCatalog;
  secretSource?: SecretSource;
  childTemplates?: ChildTemplateSource;
}

export function newActiveRun(input: StartRunInput, c: NewRunContext): ActiveRun {
  return finish(newActiveRunInSlices(input, c));
}

export function* newActiveRunInSlices(input: StartRunInput, c: NewRunContext): Sliced<ActiveRun> {
  // 0. Workflow nodes' children pinned, 1. validation and the plan, 2. variables, skill recipes, secrets.
  const pinned = pinChildTemplates(input.template, c.childTemplates, { file: input.sourceFile });
  const template = pinned.template;
  const { vars, diagnostics } = resolveRunVariables(template, input.variables ?? {}, input.refuseUndeclared);
  const prepared = yield* prepareRunInSlices(template);
  yield;
  const secrets = yield* resolveRunSecretsInSlices(template, c.secretSource);
  yield;
  const problems = [
    ...pinned.problems,
    ...(pinned.problems.length ? [] : checkChildCalls(template, c.childTemplates, { file: input.sourceFile })),
    ...prepared.problems,
    ...diagnostics,
    ...checkSkillCommands(template, c.catalog),
    ...secrets.diagnostics,
  ];
  const { plan, spec } = prepared;
  if (problems.length || !plan || !spec) throw new RunInputError(problems);
  const json = yield* preparedJson(template, prepared, plan);
  // 3. Workspace and the record the next commit stores.
  const runId = input.runId ?? newId("run");
  const state = yield* initialRunStateInSlices(plan, runId, vars);
  const workspace = workspacePath(c.runsDir, runId);
  const run = createActiveRun(spec, state, workspace, c.perRunLimit);
  run.secrets = secrets.secrets;
  if (input.startedBy) run.startedBy = input.startedBy;
  if (input.parent) run.parent = input.parent;
  if (input.sourceFile) run.sourceFile = input.sourceFile;
  run.created = {
    runId,
    template,
    plan,
    templateJson: json.template,
    planJson: json.plan,
    state,
    name: template.name,
    workspace,
    templatePk: input.templatePk ?? null,
    templateVersion: input.templateVersion ?? null,
    ...(input.startedBy ? { startedBy: input.startedBy } : {}),
    ...(input.trigger ? { trigger: input.trigger } : {}),
    ...(input.parent ? { parent: input.parent } : {}),
  };
  // Its node rows are written a share per commit, from the first one on.
  leaveUnwritten(run, plan.order);
  return run;
}

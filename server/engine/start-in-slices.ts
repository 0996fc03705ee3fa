/**
 * A large template's start (decision 056): its checks, plan, state and JSON text made a few milliseconds per
 * turn of the event loop (`runInTurns`), so the runs under way meanwhile go on, and that text deflated on the
 * thread pool (`run-spec-text.ts`). The engine then stores it as any grouped start.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { plannedNodeCount } from "@/lib/workflow/run/run-plan";
import { runInTurns } from "@/server/timers/run-in-turns";
import type { ActiveRun } from "./active-run";
import type { StartRunInput } from "./engine-options";
import { newActiveRunInSlices, type NewRunContext } from "./new-active-run";
import { runSpecJson } from "./run-store";
import { packSpecText } from "./run-spec-text";

/**
 * A template with at least this many planned nodes (loops counted per iteration) starts in slices: below it
 * the whole start costs a few milliseconds and stays in one turn, grouped with the other starts of that turn.
 */
export const SLICED_START_NODES = 2000;

export function startsInSlices(template: Template): boolean {
  return plannedNodeCount(template) >= SLICED_START_NODES;
}

/** The new run, not yet in the engine: its `created` record carries the spec's text as it will be stored. */
export async function newActiveRunInTurns(
  input: StartRunInput,
  context: NewRunContext,
  budgetMs?: number,
): Promise<ActiveRun> {
  const run = await runInTurns(newActiveRunInSlices(input, context), budgetMs);
  const created = run.created!;
  [created.templateJson, created.planJson] = await Promise.all(runSpecJson(created).map(packSpecText));
  return run;
}

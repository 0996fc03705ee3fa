/**
 * What the API and the triggers ask of the runs — start, cancel, decide, re-run, retry — as one interface, so a
 * web server that does not lead the runs (several servers on one PostgreSQL database: docs/scale-out.md) hands
 * them to the one that does (`server/runtime/run-command-relay.ts`) instead of its own engine. Every method answers with a
 * promise on either store; errors are the engine's (RunInputError, RunNotFoundError, …), matched by name.
 */
import type { AutoDecision, StartRunInput } from "./engine-options";
import type { LibraryChildTemplates } from "./library-child-templates";
import type { RunEngine } from "./orchestrator";
import type { RunStore } from "./run-store";

export interface RunCommands {
  /** Resolves once the run is stored; the children its workflow nodes call are read first (decision 052). */
  startRunGrouped(input: StartRunInput): Promise<{ runId: string }>;
  cancel(runId: string): Promise<boolean>;
  decide(approvalId: string, d: AutoDecision & { by?: string }): Promise<void>;
  rerunFrom(runId: string, nodeId: string, confirm?: boolean): Promise<void>;
  retryFailed(runId: string): Promise<void>;
}

export type RunCommandName = keyof RunCommands;

/** The commands on this process's engine. */
export function localRunCommands(engine: RunEngine<RunStore>, children: LibraryChildTemplates): RunCommands {
  return {
    startRunGrouped: async (input) => await children.startWith(input.template, () => engine.startRunGrouped(input)),
    cancel: async (runId) => engine.cancel(runId),
    decide: async (approvalId, d) => engine.decide(approvalId, d),
    rerunFrom: async (runId, nodeId, confirm) => engine.rerunFrom(runId, nodeId, confirm),
    retryFailed: async (runId) => engine.retryFailed(runId),
  };
}

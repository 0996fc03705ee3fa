/**
 * Who waits for a run to settle (finished, or waiting for a person, with no executor working):
 * `settled()` registers a check; the engine calls `notify()` after each tick.
 */
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import type { RunState } from "@/lib/workflow/run/run-state";
import { isQuiet, type ActiveRun } from "./active-run";
import type { MaybePromise } from "./maybe-promise";

export class RunWaiters {
  private waiters = new Map<string, Set<() => void>>();

  /**
   * @param active the run in memory, if any
   * @param stored the state the store holds (a run no longer in memory has settled)
   */
  constructor(
    private readonly active: (runId: string) => ActiveRun | undefined,
    private readonly stored: (runId: string) => MaybePromise<RunState | undefined>,
  ) {}

  settled(runId: string): Promise<RunState> {
    return new Promise((resolve) => {
      const check = () => {
        const run = this.active(runId);
        if (!run) return (resolve(this.stored(runId) as MaybePromise<RunState>), true);
        const quiet = isQuiet(run);
        if (quiet && (isTerminalRunStatus(run.state.status) || run.state.status === "waiting")) {
          resolve(run.state);
          return true;
        }
        return false;
      };
      if (check()) return;
      const set = this.waiters.get(runId) ?? new Set();
      const w = () => {
        if (!check()) return;
        set.delete(w);
        if (set.size === 0 && this.waiters.get(runId) === set) this.waiters.delete(runId);
      };
      set.add(w);
      this.waiters.set(runId, set);
    });
  }

  notify(): void {
    for (const [, set] of this.waiters) for (const w of [...set]) w();
  }
}

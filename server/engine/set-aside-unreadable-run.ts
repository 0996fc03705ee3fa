/**
 * Recovery at start meets a run it cannot take up again — its template no longer parses, a row holds bad
 * JSON, a secret it needs no longer decrypts, its state does not fit its plan (RUN018): that run is
 * dropped from memory (anything it had armed is stopped) and closed in the store as failed with the
 * reason (RUN035), so it never blocks the others from resuming and a person sees why it ended.
 */
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { ActiveRun } from "./active-run";
import { RunStateInvalidError } from "./engine-errors";
import { andThen, isPromise, type MaybePromise } from "./maybe-promise";
import type { RunStore } from "./run-store";

export function setAsideUnreadableRun(
  runs: Map<string, ActiveRun>,
  store: RunStore,
  runId: string,
  err: unknown,
  now: number,
): MaybePromise<RunStateInvalidError> {
  const run = runs.get(runId);
  if (run) {
    for (const c of run.inflight.values()) c.abort();
    for (const cancel of run.timers.values()) cancel();
    runs.delete(runId);
  }
  const problem = err instanceof Error ? err.message : String(err);
  const reason = RUN_CODES.RUN035(problem);
  const written = store.markUnreadable(runId, reason, now);
  const diagnostics = err instanceof RunStateInvalidError ? [...err.diagnostics] : [];
  return andThen(isPromise(written) ? written.catch(() => false) : written, (ok): RunStateInvalidError => {
    diagnostics.push({
      severity: "error",
      code: "RUN035",
      message: ok ? reason : `${reason} — but the store could not record that either`,
    });
    return new RunStateInvalidError(runId, diagnostics);
  });
}

/** Resumes each run; one that cannot be read is set aside (failed with the reason) and the others still resume. */
export function resumeEach(
  ids: readonly string[],
  resume: (id: string) => void,
  setAside: (id: string, err: unknown) => MaybePromise<RunStateInvalidError>,
): { resumed: string[]; invalid: MaybePromise<RunStateInvalidError>[] } {
  const resumed: string[] = [];
  const invalid: MaybePromise<RunStateInvalidError>[] = [];
  for (const id of ids) {
    try {
      resume(id);
      resumed.push(id);
    } catch (err) {
      invalid.push(setAside(id, err));
    }
  }
  return { resumed, invalid };
}

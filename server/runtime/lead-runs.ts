/**
 * The work of the server that leads the runs, done once it does (at start, or when it takes over from one that
 * stopped: decision 055): the secrets and saved providers the engine reads at once are reloaded, unfinished runs
 * resume (durability: docs/engine.md), then the trigger scheduler starts — after the runs, so a waiting fire sees
 * whether its previous run is still active. On SQLite the one server always leads.
 */
import type { ServerDeps } from "./server-deps";

export async function leadRuns(deps: ServerDeps, log: Pick<Console, "log" | "error"> = console): Promise<void> {
  await Promise.all([deps.secrets.refresh(), deps.providerSettings.refresh()]);
  const { resumed, invalid } = await deps.engine.recoverRuns();
  if (resumed.length) log.log(`wf: resumed ${resumed.length} unfinished run(s)`);
  for (const err of invalid) log.error(`wf: not resuming ${err.runId}: ${err.message}`);
  await deps.triggers.scheduler.start();
}

/** Runs `leadRuns` now when this server leads (always on SQLite), else once it comes to. */
export function leadRunsWhenLeading(deps: ServerDeps, log?: Pick<Console, "log" | "error">): Promise<void> {
  const work = () => leadRuns(deps, log);
  return deps.leadership ? deps.leadership.onLead(work) : work();
}

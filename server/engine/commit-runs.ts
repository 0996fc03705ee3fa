/**
 * Step 2 of a tick: writes what every run produced since the last commit — new runs, events, touched
 * node rows, approval rows — in one store transaction, then publishes the stored events (never before
 * the commit) and resolves grouped starts. A failed commit changes nothing in the store; it rejects the
 * grouped starts it held (they never existed), keeps everything else unflushed for the next try, and
 * returns the error (undefined when the commit succeeded).
 */
import type { ActiveRun } from "./active-run";
import type { RunEventBus } from "./event-bus";
import type { RunStore, StoredEvent } from "./run-store";

export function commitRuns(runs: Map<string, ActiveRun>, store: RunStore, bus: RunEventBus): unknown {
  const dirty = [...runs.values()].filter((r) => r.outbox.length || r.touched.size || r.approvals.length);
  if (!dirty.length) return undefined;
  let stored: Map<string, StoredEvent[]>;
  try {
    stored = store.commit(
      dirty.map((r) => ({
        runId: r.id,
        ...(r.created ? { created: r.created } : {}),
        state: r.state,
        events: r.outbox,
        touched: r.touched,
        approvals: r.approvals,
        decisions: r.decisions,
      })),
    );
  } catch (err) {
    for (const r of dirty) {
      if (r.created && r.onStored) {
        runs.delete(r.id);
        r.onStored.reject(err);
      }
    }
    return err ?? new Error("the run store's commit failed");
  }
  for (const r of dirty) {
    r.created = undefined;
    r.outbox = [];
    r.touched = new Set();
    r.approvals = [];
  }
  // Published only now: a subscriber never sees an event that is not committed.
  for (const events of stored.values()) for (const e of events) bus.publish(e);
  for (const r of dirty) {
    r.onStored?.resolve();
    r.onStored = undefined;
  }
  return undefined;
}

/**
 * Step 2 of a tick: writes what every run produced since the last commit — new runs, events, touched
 * node rows (and a share of the rows a new run has not stored yet: `unwritten-node-rows.ts`), approval
 * rows — in one store transaction, then publishes the stored events (never before
 * the commit) and resolves grouped starts. What a commit writes is taken out of the runs when it begins,
 * so work that arrives while an asynchronous commit is in flight waits for the next one. A failed commit
 * changes nothing in the store; it rejects the grouped starts it held (they never existed), gives the
 * runs back everything else for the next try, and returns the error (undefined when the commit succeeded).
 */
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ActiveRun } from "./active-run";
import type { RunEventBus } from "./event-bus";
import { launchToken } from "./launch-token";
import { isPromise, type MaybePromise } from "./maybe-promise";
import type { NewRun, RunStore, StoredEvent } from "./run-store";
import { giveBackShare, takeUnwrittenShare } from "./unwritten-node-rows";

interface Taken {
  run: ActiveRun;
  /** Where the share of unwritten node rows this commit writes began (`unwritten-node-rows.ts`). */
  share?: ActiveRun["unwritten"];
  created?: NewRun;
  events: RunEvent[];
  touched: Set<string>;
  approvals: RunCommand[];
}

/** `launching`: the attempts that launch once this commit holds their `node.started` (see `RunBatch.launched`). */
export function commitRuns(
  runs: Map<string, ActiveRun>,
  store: RunStore,
  bus: RunEventBus,
  launching: readonly { run: ActiveRun; nodeId: string }[] = [],
): MaybePromise<unknown> {
  const launched = new Map<ActiveRun, { nodeId: string; attempt: number; launch: string }[]>();
  for (const { run, nodeId } of launching) {
    const controller = run.inflight.get(nodeId);
    if (!controller) continue;
    const list = launched.get(run) ?? launched.set(run, []).get(run)!;
    list.push({ nodeId, attempt: run.state.nodes[nodeId].attempts, launch: launchToken(controller) });
  }
  const taken: Taken[] = [];
  for (const run of runs.values()) {
    if (!run.outbox.length && !run.touched.size && !run.approvals.length && !run.unwritten) continue;
    const share = takeUnwrittenShare(run);
    taken.push({
      run,
      share,
      created: run.created,
      events: run.outbox,
      touched: run.touched,
      approvals: run.approvals,
    });
    run.created = undefined;
    run.inCommit = true;
    run.outbox = [];
    run.touched = new Set();
    run.approvals = [];
  }
  if (!taken.length) return undefined;
  let stored: MaybePromise<Map<string, StoredEvent[]>>;
  try {
    stored = store.commit(
      taken.map((t) => ({
        runId: t.run.id,
        ...(t.created ? { created: t.created } : {}),
        state: t.run.state,
        plan: t.run.spec.plan,
        events: t.events,
        touched: t.touched,
        approvals: t.approvals,
        decisions: t.run.decisions,
        ...(launched.has(t.run) ? { launched: launched.get(t.run) } : {}),
      })),
    );
  } catch (err) {
    return giveBack(runs, taken, err);
  }
  if (isPromise(stored)) {
    return stored.then(
      (s) => published(taken, s, bus),
      (err: unknown) => giveBack(runs, taken, err),
    );
  }
  return published(taken, stored, bus);
}

function published(taken: readonly Taken[], stored: Map<string, StoredEvent[]>, bus: RunEventBus): undefined {
  // Published only now: a subscriber never sees an event that is not committed.
  for (const events of stored.values()) for (const e of events) bus.publish(e);
  for (const { run } of taken) {
    run.inCommit = false;
    run.onStored?.resolve();
    run.onStored = undefined;
  }
  return undefined;
}

/** The commit failed: each run gets its unflushed work back, ahead of what arrived meanwhile. */
function giveBack(runs: Map<string, ActiveRun>, taken: readonly Taken[], err: unknown): unknown {
  for (const t of taken) {
    const { run } = t;
    run.inCommit = false;
    if (t.created && run.onStored) {
      runs.delete(run.id);
      run.onStored.reject(err);
      run.onStored = undefined;
      continue;
    }
    run.created = t.created;
    giveBackShare(run, t.share);
    run.outbox = t.events.concat(run.outbox);
    for (const id of run.touched) t.touched.add(id);
    run.touched = t.touched;
    run.approvals = t.approvals.concat(run.approvals);
  }
  return err ?? new Error("the run store's commit failed");
}

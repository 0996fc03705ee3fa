/**
 * The one live channel of a page (`live.watch`): a run's events (replayed after `afterEventId`, then
 * tailed, in id order with no gap or duplicate), the pending-approvals count when it changes, and
 * run list items when a run is created or changes status, and trigger fires as they are written
 * (`triggers`) — merged into one stream, with `ready`
 * once the replay and the first snapshot are out. The pending count is read again only after events
 * that can change it, a run's row at most once per wake-up of the stream.
 */
import type { FireNotice } from "@/lib/triggers/trigger-schema";
import type { RunEventType } from "@/lib/workflow/run/run-events";
import { countPendingApprovals } from "@/server/db/approval-reads";
import { resumeAfter, selectRunRowLite } from "@/server/db/run-row-reads";
import type { SqlQueries } from "@/server/db/sql/sql-db";
import type { RunEventBus } from "./event-bus";
import { runListItems, type RunListItem } from "./run-list";
import type { RunStore, StoredEvent } from "./run-store";
import { RunEventFeed, waitFor } from "./tail-run-events";
import { toWireEvent, type WireEvent } from "./wire-event";

export interface LiveWatchInput {
  runId?: string;
  afterEventId?: number;
  approvals?: boolean;
  runs?: boolean;
  /** Every trigger fire as it is written (the dashboard's next fires, a toast when one is refused). */
  triggers?: boolean;
  /** Send the run events that are ready together as one `run-events` message (fewer SSE messages under load). */
  batch?: boolean;
}

export type LiveMessage =
  | { kind: "run-event"; event: WireEvent }
  | { kind: "run-events"; events: WireEvent[] }
  /**
   * `revision` counts, per stream, the approvals asked, decided or timed out: the set (or a card's votes)
   * can change while the count stays the same — one approval opens as another closes.
   */
  | { kind: "approvals"; pending: number; revision: number }
  | { kind: "run"; run: RunListItem }
  | { kind: "trigger-fire"; fire: FireNotice }
  | { kind: "ready" };

/** Events after which the set of pending approvals may differ (a settling run cancels its open ones). */
const APPROVAL_EVENTS: ReadonlySet<RunEventType> = new Set([
  "approval.requested",
  "decision.given",
  "approval.timed-out",
  "run.cancelled",
  "run.rerun",
  "run.retry-failed",
  "run.finished",
]);

/** Events that open, decide or close an approval themselves (they bump `revision`). */
const APPROVAL_CHANGES: ReadonlySet<RunEventType> = new Set([
  "approval.requested",
  "decision.given",
  "approval.timed-out",
]);

/** Every client of one event gets the same wire object (built once, not once per client). */
const wireCache = new WeakMap<StoredEvent, WireEvent>();
function wireOf(e: StoredEvent): WireEvent {
  let w = wireCache.get(e);
  if (!w) {
    w = toWireEvent(e);
    wireCache.set(e, w);
  }
  return w;
}

export async function* watchLive(
  deps: {
    sql: SqlQueries;
    store: Pick<RunStore, "eventsAfter">;
    bus: RunEventBus;
    /** Where trigger fires are told (the trigger service's notices). */
    fires?: { subscribe(listener: (n: FireNotice) => void): () => void };
  },
  input: LiveWatchInput,
  signal?: AbortSignal,
): AsyncGenerator<LiveMessage> {
  let wake: (() => void) | undefined;
  const dirtyRuns = new Set<string>();
  let approvalsDirty = input.approvals === true;
  const sentStatus = new Map<string, string>();
  let lastPending = -1;
  let revision = 0;
  let sentRevision = -1;
  const unsubscribe =
    input.approvals || input.runs
      ? deps.bus.subscribeAll((e: StoredEvent) => {
          // Any input event may change a run's status (a node ending can leave only waiting ones): the run's
          // row is read once per wake-up, however many of its events arrived, and sent only if it changed.
          const approvals = input.approvals === true && APPROVAL_EVENTS.has(e.event.type);
          if (!approvals && !input.runs) return;
          if (input.runs) dirtyRuns.add(e.runId);
          if (approvals) approvalsDirty = true;
          if (approvals && APPROVAL_CHANGES.has(e.event.type)) revision++;
          wake?.();
        })
      : undefined;
  const fires: FireNotice[] = [];
  const unsubscribeFires = input.triggers
    ? deps.fires?.subscribe((n) => {
        fires.push(n);
        wake?.();
      })
    : undefined;
  const feed = input.runId
    ? new RunEventFeed(
        deps.store,
        deps.bus,
        input.runId,
        await resumeAfter(deps.sql, input.runId, input.afterEventId ?? 0),
      )
    : undefined;
  if (feed) feed.onEvent = () => wake?.();
  let readySent = false;
  try {
    while (!signal?.aborted) {
      if (approvalsDirty) {
        approvalsDirty = false;
        const pending = await countPendingApprovals(deps.sql);
        if (pending !== lastPending || revision !== sentRevision) yield { kind: "approvals", pending, revision };
        lastPending = pending;
        sentRevision = revision;
      }
      for (const runId of dirtyRuns) {
        dirtyRuns.delete(runId);
        const row = await selectRunRowLite(deps.sql, runId);
        if (!row || sentStatus.get(runId) === row.status) continue;
        sentStatus.set(runId, row.status);
        yield { kind: "run", run: (await runListItems(deps.sql, [row]))[0] };
      }
      while (fires.length) yield { kind: "trigger-fire", fire: fires.shift()! };
      const events = (await feed?.take()) ?? [];
      if (input.batch && events.length > 1) yield { kind: "run-events", events: events.map(wireOf) };
      else for (const e of events) yield { kind: "run-event", event: wireOf(e) };
      if (events.length) continue;
      if (!readySent && (!feed || feed.caughtUp)) {
        readySent = true;
        yield { kind: "ready" };
        continue;
      }
      if (signal?.aborted || approvalsDirty || dirtyRuns.size || fires.length) continue;
      await waitFor((w) => (wake = w), signal);
      wake = undefined;
    }
  } finally {
    feed?.close();
    unsubscribe?.();
    unsubscribeFires?.();
  }
}

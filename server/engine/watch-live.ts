/**
 * The one live channel of a page (`live.watch`): a run's events (replayed after `afterEventId`, then
 * tailed, in id order with no gap or duplicate), the pending-approvals count when it changes, and
 * run list items when a run is created or changes status — merged into one stream, with `ready`
 * once the replay and the first snapshot are out. Counts and rows are read again only after events
 * that can change them, so a busy run's node events cost the dashboard nothing.
 */
import type { RunEventType } from "@/lib/workflow/run/run-events";
import type { Db } from "@/server/db/open-database";
import { countPendingApprovals, resumeAfter, selectRunRowLite } from "@/server/db/run-queries";
import type { RunEventBus } from "./event-bus";
import { runListItem } from "./run-details";
import type { RunStore, StoredEvent } from "./run-store";
import { tailRunEvents, waitFor } from "./tail-run-events";
import { toWireEvent, type WireEvent } from "./wire-event";

export interface LiveWatchInput {
  runId?: string;
  afterEventId?: number;
  approvals?: boolean;
  runs?: boolean;
}

export type LiveMessage =
  | { kind: "run-event"; event: WireEvent }
  | { kind: "approvals"; pending: number }
  | { kind: "run"; run: ReturnType<typeof runListItem> }
  | { kind: "ready" };

/** Events after which a run's status or the set of pending approvals may differ. */
const STATUS_EVENTS: ReadonlySet<RunEventType> = new Set([
  "run.started",
  "run.finished",
  "run.cancelled",
  "run.rerun",
  "run.retry-failed",
  "approval.requested",
  "decision.given",
  "approval.timed-out",
  "node.started",
]);

export async function* watchLive(
  deps: { db: Db; store: Pick<RunStore, "eventsAfter">; bus: RunEventBus },
  input: LiveWatchInput,
  signal?: AbortSignal,
): AsyncGenerator<LiveMessage> {
  const queue: LiveMessage[] = [];
  let wake: (() => void) | undefined;
  const push = (m: LiveMessage) => {
    queue.push(m);
    wake?.();
  };
  const dirtyRuns = new Set<string>();
  let approvalsDirty = false;
  const sentStatus = new Map<string, string>();
  let lastPending = -1;
  const unsubscribe =
    input.approvals || input.runs
      ? deps.bus.subscribeAll((e: StoredEvent) => {
          if (!STATUS_EVENTS.has(e.event.type)) return;
          if (input.runs) dirtyRuns.add(e.runId);
          if (input.approvals && e.event.type !== "node.started") approvalsDirty = true;
          wake?.();
        })
      : undefined;
  // The run's events are pumped into the same queue; the pump ends with the subscription.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  let caughtUp = input.runId === undefined;
  const pump = input.runId
    ? (async () => {
        const events = tailRunEvents(
          deps.store,
          deps.bus,
          input.runId!,
          resumeAfter(deps.db, input.runId!, input.afterEventId ?? 0),
          stop.signal,
          () => {
            caughtUp = true;
            wake?.();
          },
        );
        for await (const e of events) push({ kind: "run-event", event: toWireEvent(e) });
      })()
    : undefined;
  try {
    if (input.approvals) approvalsDirty = true;
    let readySent = false;
    while (!stop.signal.aborted) {
      if (approvalsDirty) {
        approvalsDirty = false;
        const pending = countPendingApprovals(deps.db);
        if (pending !== lastPending) push({ kind: "approvals", pending });
        lastPending = pending;
      }
      for (const runId of dirtyRuns) {
        dirtyRuns.delete(runId);
        const row = selectRunRowLite(deps.db, runId);
        if (!row || sentStatus.get(runId) === row.status) continue;
        sentStatus.set(runId, row.status);
        push({ kind: "run", run: runListItem(row) });
      }
      for (let m = queue.shift(); m; m = queue.shift()) yield m;
      if (caughtUp && !readySent) {
        readySent = true;
        yield { kind: "ready" };
        continue;
      }
      if (stop.signal.aborted || approvalsDirty || dirtyRuns.size) continue;
      await waitFor((w) => (wake = w), stop.signal);
      wake = undefined;
    }
  } finally {
    stop.abort();
    signal?.removeEventListener("abort", onAbort);
    unsubscribe?.();
    await pump;
  }
}

/**
 * Test helper: real `run_events` rows, committed through a PgRunStore as the engine commits them — a one-node
 * run (its `run.started`), then commits of `node.log` events — each commit's stored events (with the ids the
 * database gave them) published on a bus, as `commitRuns` does.
 */
import { planRun } from "@/lib/workflow/run/run-plan";
import { initialRunState } from "@/lib/workflow/run/run-state";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import type { RunEventBus } from "@/server/engine/event-bus";
import type { PgRunStore } from "@/server/engine/pg-run-store";
import type { RunBatch, StoredEvent } from "@/server/engine/run-store";

const template = buildTemplate().node("A").done();

function batch(runId: string, events: RunBatch["events"], create: boolean): RunBatch {
  const planned = planRun(template);
  if (!planned.ok) throw new Error("run-event-rows: the template does not plan");
  const state = initialRunState(planned.plan, runId, {});
  return {
    runId,
    ...(create ? { created: { runId, template, plan: planned.plan, state, name: runId, workspace: "/tmp/x" } } : {}),
    state,
    plan: planned.plan,
    events,
    touched: create ? planned.plan.order : [],
    approvals: [],
    decisions: new Map(),
  };
}

async function commitAndPublish(store: PgRunStore, bus: RunEventBus, batches: RunBatch[]): Promise<StoredEvent[]> {
  const stored = await store.commit(batches);
  const out: StoredEvent[] = [];
  for (const events of stored.values())
    for (const e of events) {
      bus.publish(e);
      out.push(e);
    }
  return out;
}

/** Stores the runs (event 1 each: `run.started`) in one commit and publishes their events. */
export function startRuns(store: PgRunStore, bus: RunEventBus, runIds: string[]): Promise<StoredEvent[]> {
  return commitAndPublish(
    store,
    bus,
    runIds.map((runId) => batch(runId, [{ type: "run.started", at: Date.now() }], true)),
  );
}

/** One commit of `count` `node.log` events for each run, published; `label` goes in their text. */
export function logLines(
  store: PgRunStore,
  bus: RunEventBus,
  runIds: string[],
  count: number,
  label = "line",
): Promise<StoredEvent[]> {
  const at = Date.now();
  return commitAndPublish(
    store,
    bus,
    runIds.map((runId) =>
      batch(
        runId,
        Array.from({ length: count }, (_, i) => ({
          type: "node.log" as const,
          at,
          nodeId: "A",
          stream: "stdout" as const,
          text: `${label} ${i}`,
        })),
        false,
      ),
    ),
  );
}

/**
 * The run view's store: the live projection of one run, advanced by the same pure reducer the
 * engine uses (`applyRunEvent`), from the run's first event. Events arrive through `receive` and
 * are applied in one batch per animation frame (`schedule`), so 500 events a second cost one state
 * update per frame, not 500. The store keeps the id of the last event it APPLIED; the live
 * connection resumes after exactly that id. An event out of order (a gap or a repeat) is never
 * applied: a gap asks the connection to resubscribe (`onGap`).
 * Created per run view (never a module singleton: the app renders on the server too).
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { applyRunEvent } from "@/lib/workflow/run/apply-run-event";
import { INFO_EVENT_TYPES, RunEventSchema, type RunEvent } from "@/lib/workflow/run/run-events";
import type { RunPlan } from "@/lib/workflow/run/run-plan";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import { initialRunState, type RunState } from "@/lib/workflow/run/run-state";
import type { NodeStatus } from "@/lib/workflow/model/statuses";
import type { Template } from "@/lib/workflow/model/template-schema";
import { NodeAttempts } from "./node-attempts";

export interface RunSeed {
  runId: string;
  plan: RunPlan;
  template: Template;
  vars: Record<string, string>;
}

/** One applied event with its stored id. */
export interface AppliedEvent {
  id: number;
  event: RunEvent;
}

/** A streamed event as the wire carries it: `{ id, type, … }`. */
export type WireEvent = { id: number | string } & Record<string, unknown>;

export interface RunViewState {
  spec: RunSpec;
  state: RunState;
  /** Id of the last event applied (0 before the first). */
  lastEventId: number;
  /** Bumped by every flush: logs and attempts (mutable, see below) changed. */
  version: number;
  /** Events received out of order and dropped (repeats after a resume, or past a gap). */
  dropped: number;
  /**
   * Every applied event, in id order (timeline, replay, history, and the node panel's log, which
   * reads one node's `node.log` events from here: `RunLogBufferSync`). Mutated in place, see `version`.
   */
  events: AppliedEvent[];
  attempts: NodeAttempts;
  receive(wire: WireEvent): void;
  /**
   * Applies queued events: within the time budget when scheduled (the rest in the next frame), all of
   * them when `all` (a resubscription reads `lastEventId` right after).
   */
  flush(all?: boolean): void;
  /** Id of the last event received (applied or queued). */
  received(): number;
}

export interface RunStoreOptions {
  /** Runs `flush` later (one animation frame); default: at once. */
  schedule?: (flush: () => void) => void;
  /**
   * With `schedule`: the most time one flush may take (ms); what is left waits for the next one, so a
   * page catching up on thousands of stored events keeps drawing frames. Default 8.
   */
  budgetMs?: number;
  /** An event arrived past a gap: resubscribe after `lastEventId`. */
  onGap?: (lastEventId: number) => void;
}

export function createRunStore(seed: RunSeed, options: RunStoreOptions = {}): StoreApi<RunViewState> {
  const spec = makeRunSpec(seed.template, seed.plan);
  const typeOf = (id: string) => seed.plan.nodes[id]?.type;
  /** Received, not yet applied; `event` is undefined for a type this browser does not know. */
  const queue: { id: number; event?: RunEvent }[] = [];
  let scheduled = false;
  return createStore<RunViewState>()((set, get) => {
    /** The id the next event must carry: one past the last applied or queued. */
    const expected = () => (queue.at(-1)?.id ?? get().lastEventId) + 1;
    const flush = (all = false) => {
      scheduled = false;
      if (queue.length === 0) return;
      const s = get();
      let state = s.state;
      const budget = all || !options.schedule ? Infinity : (options.budgetMs ?? 8);
      const start = performance.now();
      let n = 0;
      for (; n < queue.length; n++) {
        if (n > 0 && n % 32 === 0 && performance.now() - start > budget) break;
        const { id, event } = queue[n];
        // An unknown type (a newer server) still takes its place in the id order.
        if (!event) continue;
        // Info events (logs, routes, skips) are no-ops for the reducer: skip its state copy.
        if (!INFO_EVENT_TYPES.has(event.type)) state = applyRunEvent(s.spec, state, event).state;
        s.events.push({ id, event });
        s.attempts.record(event, state, typeOf);
      }
      const last = queue[n - 1].id;
      queue.splice(0, n);
      set({ state, lastEventId: last, version: s.version + 1 });
      // Over budget: the rest in the next frame.
      if (queue.length && options.schedule && !scheduled) {
        scheduled = true;
        options.schedule(() => flush());
      }
    };
    return {
      spec,
      state: initialRunState(seed.plan, seed.runId, seed.vars),
      lastEventId: 0,
      version: 0,
      dropped: 0,
      events: [],
      attempts: new NodeAttempts(),
      receive(wire) {
        const id = Number(wire.id);
        const want = expected();
        if (id !== want) {
          set({ dropped: get().dropped + 1 });
          if (id > want) options.onGap?.(get().lastEventId);
          return;
        }
        const parsed = RunEventSchema.safeParse(wire);
        queue.push({ id, event: parsed.success ? parsed.data : undefined });
        if (!options.schedule) return flush();
        if (!scheduled) {
          scheduled = true;
          options.schedule(() => flush());
        }
      },
      flush,
      received: () => expected() - 1,
    };
  });
}

/** Per template node: status and attempts of its plan node (a loop shows its most advanced iteration). */
export function statusesByTemplateNode(
  s: Pick<RunViewState, "spec" | "state">,
): Record<string, { status: NodeStatus; attempts: number }> {
  const out: Record<string, { status: NodeStatus; attempts: number }> = {};
  for (const id of s.spec.plan.order) {
    const planned = s.spec.plan.nodes[id];
    const node = s.state.nodes[id];
    if (!node) continue;
    const prev = out[planned.sourceId];
    if (!prev || node.status !== "pending") out[planned.sourceId] = { status: node.status, attempts: node.attempts };
  }
  return out;
}

/**
 * The run view's store: the live projection of one run, advanced by the same pure reducer the
 * engine uses (`applyRunEvent`). Seeded from `run.get` (state as of `lastEventId`), then fed the
 * `run.onEvent` stream, which resumes after that id — so nothing is applied twice or missed.
 * Created per run view (never a module singleton: the app renders on the server too).
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { applyRunEvent } from "@/lib/workflow/run/apply-run-event";
import { RunEventSchema, type RunEvent } from "@/lib/workflow/run/run-events";
import type { RunPlan } from "@/lib/workflow/run/run-plan";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { NodeStatus } from "@/lib/workflow/statuses";
import type { Template } from "@/lib/workflow/template-schema";

/** Per node, the most recent log text kept in the browser (older text is dropped). */
const LOG_CAP = 20_000;

export interface RunViewSnapshot {
  plan: RunPlan;
  template: Template;
  state: RunState;
  lastEventId: number;
}

export interface RunViewState {
  spec: RunSpec;
  state: RunState;
  lastEventId: number;
  logs: Record<string, string>;
  /** Derived notes worth showing (gate routes, skips), newest last. */
  notes: { id: number; nodeId?: string; text: string }[];
  /** Applies one streamed event `{ id, type, … }`; events at or before lastEventId are ignored. */
  apply(wire: { id: number | string } & Record<string, unknown>): void;
}

function noteFor(e: RunEvent): string | undefined {
  switch (e.type) {
    case "gate.routed":
      return `${e.nodeId}: value "${e.decision.value}" → ${e.decision.label ?? "no matching branch"}`;
    case "node.skipped":
      return `${e.nodeId} skipped (${e.reason}${e.cause ? `: ${e.cause}` : ""})`;
    case "run.finished":
      return `run ${e.status}${e.error ? `: ${e.error}` : ""}`;
    default:
      return undefined;
  }
}

export function createRunStore(snapshot: RunViewSnapshot): StoreApi<RunViewState> {
  const spec = makeRunSpec(snapshot.template, snapshot.plan);
  return createStore<RunViewState>()((set, get) => ({
    spec,
    state: snapshot.state,
    lastEventId: snapshot.lastEventId,
    logs: {},
    notes: [],
    apply(wire) {
      const id = Number(wire.id);
      if (!(id > get().lastEventId)) return;
      const parsed = RunEventSchema.safeParse(wire);
      if (!parsed.success) {
        set({ lastEventId: id });
        return;
      }
      const event = parsed.data;
      const { state } = applyRunEvent(get().state, event, get().spec);
      const patch: Partial<RunViewState> = { state, lastEventId: id };
      if (event.type === "node.log") {
        const prev = get().logs[event.nodeId] ?? "";
        patch.logs = { ...get().logs, [event.nodeId]: (prev + event.text).slice(-LOG_CAP) };
      }
      const note = noteFor(event);
      if (note)
        patch.notes = [
          ...get().notes.slice(-49),
          { id, nodeId: "nodeId" in event ? event.nodeId : undefined, text: note },
        ];
      set(patch);
    },
  }));
}

/**
 * Statuses per template node for the canvas: a loop shows its most advanced iteration.
 */
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

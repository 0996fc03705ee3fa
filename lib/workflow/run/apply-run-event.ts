/**
 * applyRunEvent(spec, state, event) → { state, commands, events }: the pure run-state reducer,
 * shared by the engine and the browser's run view (which replays the event stream through it).
 * The input state is never changed: the step runs on a shallow copy, and the in-place step only
 * ever replaces node entries.
 */
import { advanceRunState, type AdvanceResult } from "./advance-run-state";
import type { RunEvent } from "./run-events";
import type { RunSpec } from "./run-spec";
import type { RunState } from "./run-state";

export interface ApplyRunEventResult extends Omit<AdvanceResult, "touched"> {
  state: RunState;
}

export function copyRunState(state: RunState): RunState {
  return {
    ...state,
    nodes: { ...state.nodes },
    blockers: { ...state.blockers },
    counts: { ...state.counts },
  };
}

export function applyRunEvent(spec: RunSpec, state: RunState, event: RunEvent): ApplyRunEventResult {
  const next = copyRunState(state);
  const { accepted, commands, events } = advanceRunState(spec, next, event);
  return { state: accepted ? next : state, accepted, commands, events };
}

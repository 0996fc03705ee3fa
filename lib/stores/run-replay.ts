/**
 * Replay: a finished run as it was after its first `count` events, rebuilt from its stored events
 * by a run store of its own — the same reducer, logs and attempts as the live view. Moving forward
 * feeds the same store the next events; moving back starts a fresh one (a run of a few thousand
 * events rebuilds in a few milliseconds).
 */
import type { StoreApi } from "zustand/vanilla";
import { createRunStore, type AppliedEvent, type RunSeed, type RunViewState } from "./run-store";

export class RunReplay {
  private store: StoreApi<RunViewState>;
  private count = 0;

  constructor(
    private readonly seed: RunSeed,
    private readonly events: readonly AppliedEvent[],
  ) {
    this.store = createRunStore(seed);
  }

  /** The run after its first `count` events (0 = before anything ran: every node pending). */
  at(count: number): RunViewState {
    const target = Math.max(0, Math.min(count, this.events.length));
    if (target < this.count) {
      this.store = createRunStore(this.seed);
      this.count = 0;
    }
    const s = this.store.getState();
    for (; this.count < target; this.count++) {
      const { id, event } = this.events[this.count];
      s.receive({ ...event, id });
    }
    return this.store.getState();
  }
}

/**
 * A run's events for a live client (DESIGN §7): subscribe to the bus first, replay the stored
 * events after `lastEventId` from the database in pages (never the whole history in memory), then
 * tail. Every wait removes its abort listener when it ends, and the bus subscription is dropped when
 * the client goes, so a long-lived stream holds a constant number of listeners.
 */
import type { RunEventBus } from "./event-bus";
import type { RunStore, StoredEvent } from "./run-store";

/** Events read from the database per page while replaying. */
export const REPLAY_PAGE_SIZE = 500;

/** Resolves when `wake` is called or `signal` aborts, whichever comes first, leaving no listener behind. */
export function waitFor(register: (wake: () => void) => void, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      signal?.removeEventListener("abort", done);
      resolve();
    };
    signal?.addEventListener("abort", done, { once: true });
    register(done);
  });
}

export async function* tailRunEvents(
  store: Pick<RunStore, "eventsAfter">,
  bus: RunEventBus,
  runId: string,
  lastEventId: number,
  signal?: AbortSignal,
  /** Called once the stored events are replayed, before the tail (live.watch's `ready`). */
  onCaughtUp?: () => void,
): AsyncGenerator<StoredEvent> {
  const queue: StoredEvent[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = bus.subscribe(runId, (e) => {
    queue.push(e);
    wake?.();
  });
  try {
    let last = lastEventId;
    // 1. Replay in pages; events published meanwhile wait in the queue (dropped below if replayed).
    for (;;) {
      const page = store.eventsAfter(runId, last, REPLAY_PAGE_SIZE);
      for (const e of page) {
        last = e.id;
        yield e;
      }
      if (page.length < REPLAY_PAGE_SIZE || signal?.aborted) break;
    }
    onCaughtUp?.();
    // 2. Tail.
    while (!signal?.aborted) {
      for (let e = queue.shift(); e; e = queue.shift()) {
        if (e.id <= last) continue;
        last = e.id;
        yield e;
      }
      if (signal?.aborted) break;
      await waitFor((w) => (wake = w), signal);
      wake = undefined;
    }
  } finally {
    unsubscribe();
  }
}

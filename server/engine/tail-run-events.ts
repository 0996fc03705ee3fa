/**
 * A run's events for a live client (docs/api.md, "Live events"): subscribe to the bus first, replay the stored
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

/**
 * One run's events in id order, no gap, no duplicate: `take()` returns the next replay page while
 * replaying, then everything the bus delivered since the last call (events a page already
 * replayed are dropped). `onEvent` is called on each bus event, so a reader knows when to take.
 */
export class RunEventFeed {
  private queue: StoredEvent[] = [];
  private last: number;
  private replaying = true;
  private readonly unsubscribe: () => void;
  onEvent?: () => void;

  constructor(
    private readonly store: Pick<RunStore, "eventsAfter">,
    bus: RunEventBus,
    private readonly runId: string,
    lastEventId: number,
  ) {
    this.last = lastEventId;
    // Subscribed before the first page is read: nothing published meanwhile is missed.
    this.unsubscribe = bus.subscribe(runId, (e) => {
      this.queue.push(e);
      this.onEvent?.();
    });
  }

  /** True once the stored events are replayed (what follows is the tail). */
  get caughtUp(): boolean {
    return !this.replaying;
  }

  /** A promise over an asynchronous store (PostgreSQL); nothing else reads the feed meanwhile. */
  async take(): Promise<StoredEvent[]> {
    if (this.replaying) {
      const page = await this.store.eventsAfter(this.runId, this.last, REPLAY_PAGE_SIZE);
      if (page.length) this.last = page[page.length - 1].id;
      if (page.length < REPLAY_PAGE_SIZE) this.replaying = false;
      if (page.length || this.replaying) return page;
    }
    if (!this.queue.length) return [];
    const out: StoredEvent[] = [];
    for (const e of this.queue) {
      if (e.id <= this.last) continue;
      this.last = e.id;
      out.push(e);
    }
    this.queue = [];
    return out;
  }

  close(): void {
    this.unsubscribe();
  }
}

export async function* tailRunEvents(
  store: Pick<RunStore, "eventsAfter">,
  bus: RunEventBus,
  runId: string,
  lastEventId: number,
  signal?: AbortSignal,
): AsyncGenerator<StoredEvent> {
  const feed = new RunEventFeed(store, bus, runId, lastEventId);
  let wake: (() => void) | undefined;
  feed.onEvent = () => wake?.();
  try {
    while (!signal?.aborted) {
      const batch = await feed.take();
      for (const e of batch) yield e;
      if (batch.length || signal?.aborted) continue;
      await waitFor((w) => (wake = w), signal);
      wake = undefined;
    }
  } finally {
    feed.close();
  }
}

/**
 * The run event bus across processes on one PostgreSQL database (issue #22, docs/scale-out.md "Live updates").
 * `publish` delivers to this process's subscribers at once, as the in-process bus does, and tells the other
 * processes with a notice on `wf_run_events` — `<busId>:<runId>:<firstId>:<lastId>`, one per run for what is
 * published in one turn of the event loop (./pg-notice-sender.ts). Each process listens on one connection of
 * its own (./pg-listen-connection.ts); another bus's notice for a run someone here listens to (a `subscribe`
 * of that run, or any `subscribeAll`) becomes `eventsAfter(runId, lastSeen)` reads, delivered in id order.
 *
 * Order and gaps: the reads of one run are serialised (a notice arriving meanwhile extends the wanted range)
 * and deliver only ids above the last one delivered, so a run's events arrive in order, at most once from the
 * database; a run first heard of is read from its notice's first id. After the listening connection comes
 * back, every run with a `subscribe` here is read after its last delivered id (from its start when nothing was
 * delivered yet), so nothing published meanwhile is missed. Assumes one publisher per run at a time, as the
 * engine has today (two processes writing one run at once could have their notices overtake each other).
 *
 * Memory: a run is followed while it has a subscriber here; runs followed only for `subscribeAll` are at most
 * `maxFollowedRuns` (least recently notified forgotten first; a forgotten run is read from its next notice's
 * first id, so `subscribeAll` may get some of its events again — never a gap). Reads that fail are tried again
 * after 100 ms, doubling to 5 s.
 */
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Pool } from "pg";
import type { RunEventBus } from "./event-bus";
import { ListenConnection } from "./pg-listen-connection";
import { NoticeSender } from "./pg-notice-sender";
import { RetryDelay } from "./retry-delay";
import { parseNotice, RUN_EVENTS_CHANNEL } from "./run-event-notice";
import type { RunStore, StoredEvent } from "./run-store";

export interface PgEventBusOptions {
  pool: Pool;
  /** Where notified events are read (the PgRunStore on the same database). */
  store: Pick<RunStore, "eventsAfter">;
  /** One line on lost and recovered connections, failed reads and sends (default: console.error). */
  log?: (line: string) => void;
  /** The listening connection's `application_name` (default `wf-event-bus`). */
  applicationName?: string;
  /** Runs followed only for `subscribeAll` (default 10,000). */
  maxFollowedRuns?: number;
}

export interface PgEventBus extends RunEventBus {
  /** This bus's id in its notices (its own are ignored when they come back). */
  readonly id: string;
  /** Resolves once the bus listens to other processes. */
  readonly ready: Promise<void>;
  /** Stops listening, sends what is pending, waits for reads in flight; nothing is left running. */
  close(): Promise<void>;
}

export function createPgEventBus(options: PgEventBusOptions): PgEventBus {
  return new PgBus(options);
}

/** Events read per query. */
const PAGE = 500;
/** The emitter's channel for every run (run ids are `run_…`, never this). */
const ALL = "*";

interface Followed {
  /** The last id delivered here; reads start after it (undefined: not known yet). */
  after?: number;
  /** The highest id notified. */
  wanted: number;
  /** Read to the end whatever was notified (after a reconnect, or a failed read, or a full page). */
  catchUp: boolean;
  reading?: Promise<void>;
}

class PgBus implements PgEventBus {
  readonly id = randomBytes(6).toString("hex");
  readonly ready: Promise<void>;
  private readonly emitter = new EventEmitter();
  private readonly followed = new Map<string, Followed>();
  private readonly sender: NoticeSender;
  private readonly listener: ListenConnection;
  private readonly log: (line: string) => void;
  private readonly maxFollowed: number;
  private readonly retryDelay = new RetryDelay();
  private retry?: NodeJS.Timeout;
  private readsFailing = false;
  private closed = false;

  constructor(private readonly o: PgEventBusOptions) {
    this.emitter.setMaxListeners(0);
    this.log = o.log ?? ((line) => console.error(line));
    this.maxFollowed = o.maxFollowedRuns ?? 10_000;
    this.sender = new NoticeSender(o.pool, this.id, this.log);
    this.listener = new ListenConnection({
      pool: o.pool,
      channel: RUN_EVENTS_CHANNEL,
      applicationName: o.applicationName ?? "wf-event-bus",
      log: this.log,
      onNotice: (payload) => this.noticed(payload),
      onListening: () => this.catchUpSubscribed(),
    });
    this.ready = this.listener.ready;
  }

  publish(e: StoredEvent): void {
    this.sender.add(e.runId, e.id);
    const f = this.followed.get(e.runId);
    if (f && (f.after === undefined || e.id > f.after)) f.after = e.id;
    this.emitter.emit(e.runId, e);
    this.emitter.emit(ALL, e);
  }

  subscribe(runId: string, listener: (e: StoredEvent) => void): () => void {
    this.emitter.on(runId, listener);
    if (!this.followed.has(runId)) this.followed.set(runId, { wanted: 0, catchUp: false });
    return () => {
      this.emitter.off(runId, listener);
      this.release(runId);
    };
  }

  subscribeAll(listener: (e: StoredEvent) => void): () => void {
    this.emitter.on(ALL, listener);
    return () => {
      this.emitter.off(ALL, listener);
      if (this.emitter.listenerCount(ALL) === 0) for (const runId of [...this.followed.keys()]) this.release(runId);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    await Promise.all([this.listener.close(), this.sender.close()]);
    await Promise.all([...this.followed.values()].map((f) => f.reading));
  }

  private noticed(payload: string | undefined): void {
    const n = parseNotice(payload);
    if (!n || n.busId === this.id || this.closed) return;
    if (this.emitter.listenerCount(n.runId) === 0 && this.emitter.listenerCount(ALL) === 0) return;
    const f = this.follow(n.runId);
    f.after ??= n.firstId - 1;
    f.wanted = Math.max(f.wanted, n.lastId);
    this.read(n.runId, f);
  }

  /** The run's record, made the most recently notified; the least recent unsubscribed one goes past the bound. */
  private follow(runId: string): Followed {
    const f = this.followed.get(runId) ?? { wanted: 0, catchUp: false };
    this.followed.delete(runId);
    this.followed.set(runId, f);
    if (this.followed.size > this.maxFollowed)
      for (const [id, g] of this.followed) {
        if (this.followed.size <= this.maxFollowed) break;
        if (id !== runId && !g.reading && this.emitter.listenerCount(id) === 0) this.followed.delete(id);
      }
    return f;
  }

  /** LISTEN is (again) in effect: what the subscribed runs may have missed is read. */
  private catchUpSubscribed(): void {
    for (const [runId, f] of this.followed) {
      if (this.emitter.listenerCount(runId) === 0) continue;
      f.after ??= 0;
      f.catchUp = true;
      this.read(runId, f);
    }
  }

  private read(runId: string, f: Followed): void {
    if (f.reading || this.closed) return;
    const drained = this.drain(runId, f).catch((err: unknown) => {
      this.log(`wf event bus: delivering run ${runId}'s events failed (${String(err)})`);
      return true;
    });
    const reading: Promise<void> = drained.then((failed) => {
      if (f.reading === reading) f.reading = undefined;
      // A notice handled after the loop's last look but before this (the tests see it under load) found the
      // run reading and left its ids to this read: they are read now. A failed read waits for the retry.
      if (!failed && this.behind(f)) this.read(runId, f);
      else this.release(runId);
    });
    f.reading = reading;
  }

  private behind(f: Followed): boolean {
    return !this.closed && f.after !== undefined && (f.catchUp || f.wanted > f.after);
  }

  /** Reads and delivers until the run's wanted ids are delivered; one call per run at a time. True: a read failed. */
  private async drain(runId: string, f: Followed): Promise<boolean> {
    while (this.behind(f)) {
      const from = f.after ?? 0;
      const wanted = f.wanted;
      f.catchUp = false;
      let page: StoredEvent[];
      try {
        page = await this.o.store.eventsAfter(runId, from, PAGE);
      } catch (err) {
        f.catchUp = true;
        this.readFailed(runId, err);
        return true;
      }
      if (this.readsFailing) this.log("wf event bus: reading notified events works again");
      this.readsFailing = false;
      this.retryDelay.reset();
      for (const e of page) {
        if (this.closed || e.id <= (f.after ?? 0)) continue;
        f.after = e.id;
        this.deliver(e);
      }
      if (page.length === PAGE) f.catchUp = true;
      // Ids notified before this read that it did not find are not stored (a deleted run): not waited for. A
      // notice that came during the read may name rows its snapshot missed: they are read next.
      else if (f.wanted === wanted && wanted > (f.after ?? 0)) f.wanted = f.after ?? 0;
    }
    return false;
  }

  private readFailed(runId: string, err: unknown): void {
    if (!this.readsFailing)
      this.log(`wf event bus: could not read run ${runId}'s events (${(err as Error).message}); trying again`);
    this.readsFailing = true;
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      for (const [id, f] of this.followed) if (f.catchUp) this.read(id, f);
    }, this.retryDelay.next());
  }

  /** To each listener of the run, then of every run; a listener that throws is logged, the others still get it. */
  private deliver(e: StoredEvent): void {
    for (const channel of [e.runId, ALL])
      for (const listener of this.emitter.listeners(channel) as ((e: StoredEvent) => void)[])
        try {
          listener(e);
        } catch (err) {
          this.log(`wf event bus: a subscriber of run ${e.runId} failed (${(err as Error).message})`);
        }
  }

  /** Forgets a run nobody here listens to (once its read is over). */
  private release(runId: string): void {
    const f = this.followed.get(runId);
    if (!f || f.reading) return;
    if (this.emitter.listenerCount(runId) === 0 && this.emitter.listenerCount(ALL) === 0) this.followed.delete(runId);
  }
}

/**
 * The sending half of the PostgreSQL event bus (./pg-event-bus.ts): `add` notes a published event's run and id;
 * what is added in one turn of the event loop goes out as one `pg_notify` statement, one notice per run with
 * its first and last id. One statement is in flight at a time (a statement per pool connection could overtake
 * another), so this process's notices reach listeners in the order they were sent. A statement that fails has
 * its notices merged back and sent again after 100 ms, doubling to 5 s; one line is logged when sending fails
 * and one when it works again.
 */
import type { Pool } from "pg";
import { formatNotice, MAX_NOTICE_BYTES, RUN_EVENTS_CHANNEL } from "./run-event-notice";
import { RetryDelay } from "./retry-delay";

interface Range {
  firstId: number;
  lastId: number;
}

const NOTIFY = `select pg_notify($1, p) from unnest($2::text[]) as p`;

export class NoticeSender {
  private pending = new Map<string, Range>();
  private immediate?: NodeJS.Immediate;
  private retry?: NodeJS.Timeout;
  private inFlight?: Promise<void>;
  private readonly delay = new RetryDelay();
  private failing = false;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly busId: string,
    private readonly log: (line: string) => void,
  ) {}

  add(runId: string, id: number): void {
    if (this.closed) return;
    merge(this.pending, runId, { firstId: id, lastId: id });
    this.schedule();
  }

  /** Sends what is pending (one last try, failures logged) and stops. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.immediate) clearImmediate(this.immediate);
    clearTimeout(this.retry);
    this.immediate = this.retry = undefined;
    await this.inFlight;
    if (this.pending.size) await this.flush();
  }

  private schedule(): void {
    if (this.immediate || this.inFlight || this.retry || this.closed) return;
    this.immediate = setImmediate(() => {
      this.immediate = undefined;
      void this.flush();
    });
  }

  private flush(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    const payloads: string[] = [];
    for (const [runId, r] of batch) {
      const p = formatNotice({ busId: this.busId, runId, ...r });
      if (Buffer.byteLength(p) <= MAX_NOTICE_BYTES) payloads.push(p);
      else this.log(`wf event bus: run id too long to notify (${runId.slice(0, 60)}…); other servers miss its events`);
    }
    if (!payloads.length) return Promise.resolve();
    const sent = this.pool.query(NOTIFY, [RUN_EVENTS_CHANNEL, payloads]).then(
      () => {
        if (this.failing) this.log("wf event bus: notifying other servers works again");
        this.failing = false;
        this.delay.reset();
      },
      (err: unknown) => {
        for (const [runId, r] of batch) merge(this.pending, runId, r);
        if (!this.failing)
          this.log(`wf event bus: could not notify other servers (${(err as Error).message}); trying again`);
        this.failing = true;
        if (this.closed) return;
        this.retry = setTimeout(() => {
          this.retry = undefined;
          void this.flush();
        }, this.delay.next());
      },
    );
    this.inFlight = sent.finally(() => {
      this.inFlight = undefined;
      if (this.pending.size) this.schedule();
    });
    return this.inFlight;
  }
}

function merge(into: Map<string, Range>, runId: string, r: Range): void {
  const had = into.get(runId);
  if (!had) into.set(runId, { ...r });
  else {
    had.firstId = Math.min(had.firstId, r.firstId);
    had.lastId = Math.max(had.lastId, r.lastId);
  }
}

/**
 * One channel's listener — the PostgreSQL event bus's (./pg-event-bus.ts), a worker's cancels — on one dedicated
 * `pg.Client` (outside the pool, with the pool's connection settings and its own `application_name`) doing `LISTEN`.
 * When it errors or ends it is dropped and a new one connects after 100 ms, doubling to 5 s; `onListening`
 * runs each time LISTEN is in effect (the bus then reads what it may have missed). One line is logged when
 * the connection is lost and one when it is back. Nothing thrown by a callback leaves a client's handler.
 */
import pg from "pg";
import { RetryDelay } from "./retry-delay";

export interface ListenConnectionOptions {
  pool: pg.Pool;
  channel: string;
  /** Who listens and to whom, for the log lines: default "wf event bus" listening to "other servers". */
  name?: string;
  peers?: string;
  applicationName: string;
  onNotice(payload: string | undefined): void;
  /** LISTEN is in effect: the first time, and after each reconnect. */
  onListening(): void;
  /** The connection is lost (notices may be missed until `onListening` again). */
  onLost?(): void;
  log(line: string): void;
}

export class ListenConnection {
  /** Resolves once LISTEN is first in effect. */
  readonly ready: Promise<void>;
  private markReady!: () => void;
  private client?: pg.Client;
  private timer?: NodeJS.Timeout;
  private readonly delay = new RetryDelay();
  private down = false;
  private closed = false;

  constructor(private readonly o: ListenConnectionOptions) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    void this.connect().catch((err: unknown) => this.o.log(`${this.name}: cannot listen (${String(err)})`));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    if (client) await drop(client);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.o.pool.options,
      application_name: this.o.applicationName,
      keepAlive: true,
    });
    this.client = client;
    client.on("notification", (m) => {
      if (m.channel === this.o.channel) this.guard(() => this.o.onNotice(m.payload));
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, new Error("the connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.o.channel}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.client !== client || this.closed) return;
    this.delay.reset();
    if (this.down) this.o.log(`${this.name}: listening to ${this.o.peers ?? "other servers"} again`);
    this.down = false;
    this.markReady();
    this.guard(() => this.o.onListening());
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    void drop(client);
    if (this.closed) return;
    if (!this.down) {
      const why = err instanceof Error ? err.message : String(err);
      this.o.log(`${this.name}: not listening to ${this.o.peers ?? "other servers"} (${why}); reconnecting`);
    }
    this.down = true;
    this.guard(() => this.o.onLost?.());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, this.delay.next());
  }

  private get name(): string {
    return this.o.name ?? "wf event bus";
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.o.log(`${this.name}: a notification could not be handled (${(err as Error).message})`);
    }
  }
}

/** Ends a client whose events no longer matter (its late errors are swallowed). */
async function drop(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on("error", () => {});
  await client.end().catch(() => {});
}

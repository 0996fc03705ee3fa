/**
 * Which web server leads the runs when several serve one PostgreSQL database (decision 055): the one holding a
 * session-level advisory lock on a connection of its own. The leader's engine owns every run — it resumes them,
 * starts and advances them, arms their timers, answers the workers' node jobs — and the others hand it their
 * commands (`run-command-relay.ts`); they serve every page, stream and approval from the database meanwhile.
 * A follower tries the lock again every `retryMs`: the leader's death (its connection ends, so PostgreSQL lets go)
 * makes the next one to try the leader, which then does the leader's work once, in order — the engine resumes
 * the runs as after a restart. The leader asks its lock's connection something every `retryMs`: one that breaks
 * or does not answer within `checkTimeoutMs` makes it stop leading at once (`onLost`: the server exits, to come
 * back as a follower) — so after a network partition the old leader has stopped by the time PostgreSQL (TCP
 * keepalive) lets a follower take the lock, and an idle-session timeout never ends an idle lock.
 */
import pg from "pg";

/** What the rest of the server sees of it. */
export interface Leadership {
  readonly leading: boolean;
  /**
   * Runs `work` now when this server leads (resolving when it is done), else once it comes to lead (resolving
   * at once). Work runs one piece at a time, in the order given.
   */
  onLead(work: () => Promise<void>): Promise<void>;
}

export interface ServeLeadership extends Leadership {
  /** Gives the lock up (the connection is closed) and stops trying. */
  close(): Promise<void>;
}

export interface ServeLeadershipOptions {
  pool: pg.Pool;
  /** How often a follower tries the lock, and how often the leader checks its lock's connection answers (ms). */
  retryMs: number;
  /** How long the leader's check may take before it counts as the connection lost (ms). */
  checkTimeoutMs: number;
  /** The lock's connection broke (or stopped answering) while this server led. */
  onLost(): void;
  log(line: string): void;
}

/** Any fixed 64-bit key, the same in every process: "wf_serve" in ASCII. */
const SERVE_LOCK = 0x77665f7365727665n;

export async function joinServeLeadership(o: ServeLeadershipOptions): Promise<ServeLeadership> {
  let leading = false;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  const queued: (() => Promise<void>)[] = [];
  /** The work done so far, in order: new work runs after it. */
  let done: Promise<void> = Promise.resolve();

  /** Rejects when `work` does (the caller of `onLead` hears it); the work after it runs anyway. */
  const runWork = (work: () => Promise<void>): Promise<void> => {
    const ran = done.then(work);
    done = ran.catch((err: unknown) => o.log(`wf: leading the runs: ${(err as Error).message}`));
    return ran;
  };

  /** Closed, not reused: the lock goes with its connection. */
  const dropClient = (c: pg.Client) => {
    if (client === c) client = undefined;
    void c.end().catch(() => {});
  };

  const loseLead = (c: pg.Client) => {
    const wasLeading = leading && client === c;
    dropClient(c);
    if (wasLeading && !closed) {
      leading = false;
      clearInterval(timer);
      o.onLost();
    }
  };

  /** A connection of its own (outside the pool, with TCP keepalive), so its loss is seen and nothing else uses it. */
  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ ...o.pool.options, application_name: "wf-serve-lead", keepAlive: true });
    c.on("error", () => loseLead(c));
    c.on("end", () => loseLead(c));
    await c.connect();
    return c;
  };

  /** The leader asks its lock's connection something, within `checkTimeoutMs`; no answer: the lead is lost. */
  const check = async () => {
    const c = client;
    if (!c || !leading || busy) return;
    busy = true;
    let late: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        c.query("select 1"),
        new Promise((_, reject) => (late = setTimeout(() => reject(new Error("no answer")), o.checkTimeoutMs))),
      ]);
    } catch {
      o.log("wf: the connection holding the lead of the runs does not answer");
      loseLead(c);
    } finally {
      clearTimeout(late);
      busy = false;
    }
  };

  const attempt = async (): Promise<boolean> => {
    if (closed || leading || busy) return leading;
    busy = true;
    try {
      client ??= await connect();
      if (closed) {
        dropClient(client);
        return false;
      }
      const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [SERVE_LOCK]);
      if (!rows[0]?.ok || closed) return false;
      leading = true;
      if (timer) o.log("wf: this server now leads the runs of this database (the one that led them stopped)");
      clearInterval(timer);
      timer = setInterval(() => void check(), o.retryMs);
      timer.unref();
      // Logged by `runWork`: nobody awaits work put off until now.
      for (const work of queued.splice(0)) runWork(work).catch(() => {});
      return true;
    } catch (err) {
      if (client) dropClient(client);
      o.log(`wf: could not ask whether this server leads the runs (${(err as Error).message}); trying again`);
      return false;
    } finally {
      busy = false;
    }
  };

  if (!(await attempt())) {
    o.log(
      "wf: another wf serve leads the runs of this database: this one serves pages, streams and approvals, and hands run commands to it",
    );
    timer = setInterval(() => void attempt(), o.retryMs);
    timer.unref();
  }

  return {
    get leading() {
      return leading;
    },
    onLead(work) {
      if (leading) return runWork(work);
      queued.push(work);
      return Promise.resolve();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      queued.length = 0;
      await done;
      if (client) dropClient(client);
    },
  };
}

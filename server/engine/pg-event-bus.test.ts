/**
 * The PostgreSQL event bus on a real server: two buses with pools of their own stand for two processes (and a
 * third is a real process); the events are real rows committed through a PgRunStore. What one bus publishes
 * reaches the other's subscribers in id order with no gap or duplicate — also across a killed listening
 * connection — and what one turn publishes is one notice per run.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openPgDatabase } from "@/server/db/pg/open-pg-database";
import { logLines, startRuns } from "@/server/test-support/run-event-rows";
import { createTestDatabase, testPostgresUrl, type TestDatabase } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";
import { createPgEventBus, type PgEventBusOptions } from "./pg-event-bus";
import { PgRunStore } from "./pg-run-store";
import type { RunEventBus } from "./event-bus";
import type { StoredEvent } from "./run-store";

let database: TestDatabase | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await database?.close();
  database = undefined;
});

/** What one process has: its own pool on the test database, a store and a bus over it (ready). */
async function processSide(extra: Partial<PgEventBusOptions> = {}, connections?: number) {
  const opened = await openPgDatabase(database!.url, { migrate: false, max: connections });
  const store = new PgRunStore(opened.pool);
  const lines: string[] = [];
  const log = (l: string) => {
    lines.push(l);
    extra.log?.(l);
  };
  const bus = createPgEventBus({ pool: opened.pool, store, ...extra, log });
  cleanups.push(async () => {
    await bus.close();
    await opened.close();
  });
  await bus.ready;
  return { store, bus, lines };
}

/** The events a subscription gets, in the order it gets them. */
function collect(subscribe: (listener: (e: StoredEvent) => void) => () => void): StoredEvent[] {
  const got: StoredEvent[] = [];
  const stop = subscribe((e) => got.push(e));
  cleanups.push(async () => stop());
  return got;
}

const ids = (events: StoredEvent[], runId?: string) =>
  events.filter((e) => !runId || e.runId === runId).map((e) => e.id);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const reach = (got: StoredEvent[], n: number) =>
  until(
    () => Promise.resolve(got.length),
    (k) => k >= n,
  );

describe("PgEventBus", () => {
  it("events published on one bus reach another's subscriber in order, no gap or duplicate: 2,000 in bursts", async () => {
    database = await createTestDatabase();
    const a = await processSide();
    const b = await processSide();
    const runId = "run_bursts";
    const onB = collect((l) => b.bus.subscribe(runId, l));
    const onA = collect((l) => a.bus.subscribe(runId, l));
    await startRuns(a.store, a.bus, [runId]);
    // 20 bursts of 5 commits of 20 events, published as fast as the commits come back.
    for (let burst = 0; burst < 20; burst++)
      for (let c = 0; c < 5; c++) await logLines(a.store, a.bus, [runId], 20, `burst ${burst}`);
    await reach(onB, 2001);
    expect(ids(onB)).toEqual(oneTo(2001));
    expect(ids(onA)).toEqual(oneTo(2001));
    expect(onB.map((e) => e.event)).toEqual(onA.map((e) => e.event));
    expect(b.lines).toEqual([]);
  });

  it("what one turn publishes goes out as one notice per run, with the run's first and last id", async () => {
    database = await createTestDatabase();
    const a = await processSide();
    const raw = new pg.Client({ connectionString: database.url });
    await raw.connect();
    cleanups.push(() => raw.end());
    const notices: string[] = [];
    raw.on("notification", (m) => notices.push(m.payload ?? ""));
    await raw.query("LISTEN wf_run_events");
    await startRuns(a.store, a.bus, ["run_x", "run_y"]);
    await logLines(a.store, a.bus, ["run_x", "run_y"], 50);
    await until(
      () => Promise.resolve(notices.length),
      (n) => n >= 4,
    );
    const id = a.bus.id;
    expect(notices).toEqual([`${id}:run_x:1:1`, `${id}:run_y:1:1`, `${id}:run_x:2:51`, `${id}:run_y:2:51`]);
  });

  it("subscribeAll on another bus sees the events of runs it never heard of, each run in order", async () => {
    database = await createTestDatabase();
    const a = await processSide();
    const b = await processSide();
    const all = collect((l) => b.bus.subscribeAll(l));
    await publishThreeRuns(a);
    await reach(all, 3 * 36 + 10);
    expect(ids(all, "run_p")).toEqual(oneTo(36));
    expect(ids(all, "run_q")).toEqual(oneTo(46));
    expect(ids(all, "run_r")).toEqual(oneTo(36));
    expect(all).toHaveLength(3 * 36 + 10);
  });

  it("past its bound of followed runs subscribeAll still gets every event (a forgotten run's maybe twice); a subscribed run is never forgotten", async () => {
    database = await createTestDatabase();
    const a = await processSide();
    // One run remembered at most: the others are read from their next notice's first id, which may be behind
    // what was already read.
    const b = await processSide({ maxFollowedRuns: 1 });
    const all = collect((l) => b.bus.subscribeAll(l));
    const q = collect((l) => b.bus.subscribe("run_q", l));
    await publishThreeRuns(a);
    await until(
      () => Promise.resolve(new Set(all.map((e) => `${e.runId}:${e.id}`)).size),
      (n) => n === 3 * 36 + 10,
    );
    const firstTimes = (runId: string) => [...new Set(ids(all, runId))];
    expect(firstTimes("run_p")).toEqual(oneTo(36));
    expect(firstTimes("run_q")).toEqual(oneTo(46));
    expect(firstTimes("run_r")).toEqual(oneTo(36));
    await reach(q, 46);
    expect(ids(q)).toEqual(oneTo(46));
  });

  it("a separate process's events reach a bus here in order; closed, its bus leaves nothing keeping it alive", async () => {
    database = await createTestDatabase();
    const b = await processSide();
    const runId = "run_other_process";
    const got = collect((l) => b.bus.subscribe(runId, l));
    const script = path.join(import.meta.dirname, "../test-support/pg-bus-publisher-process.ts");
    const child = spawn(process.execPath, ["--import", "tsx", script, database.url, runId, "40", "25"], {
      cwd: path.join(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ lastId: 1001 });
    await reach(got, 1001);
    expect(ids(got)).toEqual(oneTo(1001));
  });

  it("its listening connection killed while events keep coming, the bus reconnects and the subscriber misses none", async () => {
    database = await createTestDatabase();
    const a = await processSide();
    const o = await outageSide();
    const got = collect((l) => o.bus.subscribe("run_outage", l));
    await startRuns(a.store, a.bus, ["run_outage"]);
    let publishing = true;
    let lastId = 1;
    const publisher = (async () => {
      while (publishing) lastId = (await logLines(a.store, a.bus, ["run_outage"], 3)).at(-1)!.id;
    })();
    await reach(got, 30);
    const marks = await o.killListener(() => lastId);
    // Events were published while it was away (their notices reached nobody), and go on after it came back.
    expect(marks[1]).toBeGreaterThan(marks[0]);
    await reach(got, lastId + 30);
    publishing = false;
    await publisher;
    await reach(got, lastId);
    expect(ids(got)).toEqual(oneTo(lastId));
    expect(o.lines).toEqual([
      expect.stringContaining("not listening to other servers (terminating connection"),
      "wf event bus: listening to other servers again",
    ]);
  });

  it("events published only while its listening connection was down reach the subscriber when it is back", async () => {
    database = await createTestDatabase();
    // One connection, opened now: it goes on working while the database takes no new ones.
    const a = await processSide({}, 1);
    const o = await outageSide();
    // On the server's maintenance database: a database's own sessions may not close it to new ones.
    const admin = new pg.Client({ connectionString: await testPostgresUrl() });
    await admin.connect();
    cleanups.push(() => admin.end());
    const got = collect((l) => o.bus.subscribe("run_away", l));
    const quiet = collect((l) => o.bus.subscribe("run_quiet", l));
    await startRuns(a.store, a.bus, ["run_away"]);
    await logLines(a.store, a.bus, ["run_away"], 10);
    await reach(got, 11);
    let lastId = 11;
    // No reconnect succeeds until the events are in: only reading what it missed can bring them.
    const name = database.url.slice(database.url.lastIndexOf("/") + 1);
    await admin.query(`alter database ${name} allow_connections false`);
    const marks = await o.killListener(
      () => lastId,
      async () => {
        for (let i = 0; i < 3; i++) lastId = (await logLines(a.store, a.bus, ["run_away"], 20)).at(-1)!.id;
        // A run subscribed here that had no event delivered yet: read from its start.
        await startRuns(a.store, a.bus, ["run_quiet"]);
        await admin.query(`alter database ${name} allow_connections true`);
      },
    );
    expect(marks).toEqual([11, 71]);
    await reach(got, 71);
    expect(ids(got)).toEqual(oneTo(71));
    await reach(quiet, 1);
    expect(ids(quiet)).toEqual([1]);
    expect(o.lines).toHaveLength(2);
  });
});

/** Three runs on A: 36 events each, and 10 more for run_q, in four commits. */
async function publishThreeRuns(a: { store: PgRunStore; bus: RunEventBus }) {
  const runs = ["run_p", "run_q", "run_r"];
  await startRuns(a.store, a.bus, runs);
  await logLines(a.store, a.bus, runs, 30);
  await logLines(a.store, a.bus, ["run_q"], 10);
  await logLines(a.store, a.bus, runs, 5);
}

/**
 * A bus whose listening connection the test kills: `killListener(lastId, meanwhile)` terminates its backend,
 * runs `meanwhile` once the bus has noticed, and resolves once it listens again, to the `lastId()` seen at
 * both moments.
 */
async function outageSide() {
  const applicationName = `wf-bus-test-${Math.random().toString(36).slice(2)}`;
  let onLine: () => void = () => {};
  const side = await processSide({ applicationName, log: () => onLine() });
  const killListener = async (lastId: () => number, meanwhile?: () => Promise<void>) => {
    const marks: number[] = [];
    let noticed!: () => void;
    let back!: () => void;
    const lost = new Promise<void>((resolve) => (noticed = resolve));
    const again = new Promise<void>((resolve) => (back = resolve));
    onLine = () => {
      marks.push(lastId());
      (marks.length === 1 ? noticed : back)();
    };
    const killed = await database!.pool.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1`,
      [applicationName],
    );
    expect(killed.rows).toEqual([{ ok: true }]);
    await lost;
    await meanwhile?.();
    await again;
    return marks;
  };
  return { ...side, killListener };
}

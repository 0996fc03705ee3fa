/**
 * `npm run bench pg-bus`: the PostgreSQL event bus between two "processes" — two pools and two buses on one
 * fresh database of a private cluster (or of WF_TEST_DATABASE_URL's server). Each event is committed through
 * a PgRunStore on A and published there; measured per event: publish on A → delivery to a `subscribe` on B
 * (the notice, B's `eventsAfter` read), and the same from the start of its commit (what a node's end adds
 * before the bus, less the engine's tick). 2,000 events at a steady 200/s (one event a commit, one commit in
 * flight as the engine has), then 2,000 in bursts (20 bursts of 10 commits of 10 events, 200 ms apart);
 * p50/p95/max and the notices sent (coalescing). Both buses share this process's event loop and the machine's
 * cores with the server, as a busy deployment's would.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { openPgDatabase } from "@/server/db/pg/open-pg-database";
import type { RunEventBus } from "@/server/engine/event-bus";
import { createPgEventBus, type PgEventBus } from "@/server/engine/pg-event-bus";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { privatePostgresCluster } from "@/server/test-support/postgres-cluster";
import { logLines, startRuns } from "@/server/test-support/run-event-rows";
import { withDatabase } from "@/server/test-support/test-database";
import { fmt, percentile } from "./measure";

const EVENTS = 2000;

interface Side {
  store: PgRunStore;
  bus: PgEventBus;
  close(): Promise<void>;
}

async function side(url: string): Promise<Side> {
  const { pool, close } = await openPgDatabase(url, { migrate: false });
  const store = new PgRunStore(pool);
  const bus = createPgEventBus({ pool, store });
  await bus.ready;
  return {
    store,
    bus,
    close: async () => {
      await bus.close();
      await close();
    },
  };
}

/** One commit of `count` events on A, its start noted per id; publishing notes the publish per id. */
type Commit = (count: number) => Promise<void>;

async function measure(a: Side, b: Side, notices: () => number, drive: (commit: Commit) => Promise<void>) {
  const runId = `run_bench_${randomBytes(4).toString("hex")}`;
  const publishedAt = new Map<number, number>();
  const committedAt = new Map<number, number>();
  const fromPublish: number[] = [];
  const fromCommit: number[] = [];
  let started!: () => void;
  let done!: () => void;
  const first = new Promise<void>((resolve) => (started = resolve));
  const all = new Promise<void>((resolve) => (done = resolve));
  const stop = b.bus.subscribe(runId, (e) => {
    if (e.id === 1) return started();
    const now = performance.now();
    fromPublish.push(now - publishedAt.get(e.id)!);
    fromCommit.push(now - committedAt.get(e.id)!);
    if (fromPublish.length === EVENTS) done();
  });
  const stamped: RunEventBus = {
    publish: (e) => {
      publishedAt.set(e.id, performance.now());
      a.bus.publish(e);
    },
    subscribe: (id, l) => a.bus.subscribe(id, l),
    subscribeAll: (l) => a.bus.subscribeAll(l),
  };
  await startRuns(a.store, stamped, [runId]);
  await first;
  const before = notices();
  const commit: Commit = async (count) => {
    const t = performance.now();
    for (const e of await logLines(a.store, stamped, [runId], count)) committedAt.set(e.id, t);
  };
  await drive(commit);
  await all;
  stop();
  return { fromPublish, fromCommit, notices: notices() - before };
}

const steady = async (commit: Commit) => {
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const wait = t0 + i * 5 - performance.now();
    if (wait > 0) await sleep(wait);
    await commit(1);
  }
};

const bursts = async (commit: Commit) => {
  for (let burst = 0; burst < 20; burst++) {
    for (let c = 0; c < 10; c++) await commit(10);
    await sleep(200);
  }
};

export default async function pgBus(): Promise<void> {
  const cluster = process.env.WF_TEST_DATABASE_URL ? undefined : privatePostgresCluster();
  const server = process.env.WF_TEST_DATABASE_URL ?? (await cluster!.start());
  const name = `wf_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  const opened: Side[] = [];
  let counter: pg.Client | undefined;
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = withDatabase(server, name);
    await (await openPgDatabase(url)).close();
    const a = await side(url);
    opened.push(a);
    const b = await side(url);
    opened.push(b);
    counter = new pg.Client({ connectionString: url });
    await counter.connect();
    let sent = 0;
    counter.on("notification", () => sent++);
    await counter.query("LISTEN wf_run_events");
    const notices = () => sent;
    console.log(
      "| case | events | notices | publish → B p50 | p95 | max | commit start → B p50 | p95 | max |\n" +
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const [label, drive] of [
      ["steady 200/s (1 event a commit)", steady],
      ["bursts (10 commits × 10 events, 20×)", bursts],
    ] as const) {
      const r = await measure(a, b, notices, drive);
      const cols = (v: number[]) => [percentile(v, 50), percentile(v, 95), Math.max(...v)].map(fmt).join(" | ");
      console.log(
        `| ${label} | ${r.fromPublish.length} | ${r.notices} | ${cols(r.fromPublish)} | ${cols(r.fromCommit)} |`,
      );
    }
  } finally {
    await counter?.end();
    for (const s of opened) await s.close();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    cluster?.stop();
  }
}

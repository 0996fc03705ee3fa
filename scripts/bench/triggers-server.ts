/**
 * The trigger figures on the production server (triggers.bench.ts): fire latency of 100 schedules every
 * 2 s, a signed webhook's 202 over HTTP, and `trigger.history`'s first page against the history's size.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { Client, ensureBuild, freePort, startServer, TOKEN } from "./bench-server";
import { median, percentile } from "./measure";

const SCHEDULES = 100;
const SECONDS = Number(process.env.BENCH_TRIGGERS_SECONDS ?? 32);
const HISTORY_ROWS = 10_000;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

const template = {
  template_id: "wft-bench-triggers-20261202",
  name: "bench triggers",
  nodes: [{ id: "C", name: "C", type: "checkpoint", auto_continue: true }],
  edges: [],
};

/** A tRPC query over GET (`input` in the query string); resolves with the round trip in ms. */
function timedQuery(port: number, agent: http.Agent, procedure: string, input: unknown): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: "127.0.0.1",
          port,
          agent,
          path: `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers: { authorization: `Bearer ${TOKEN}` },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200
              ? resolve(performance.now() - t0)
              : reject(new Error(`${procedure}: ${res.statusCode}`)),
          );
        },
      )
      .on("error", reject);
  });
}

/** A signed webhook call; resolves with the round trip in ms once the 202 is read. */
function timedHook(port: number, agent: http.Agent, url: string, secret: string, n: number): Promise<number> {
  const body = JSON.stringify({ n });
  const sig = `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: "POST",
        path: new URL(url).pathname,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-wf-signature": sig,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 202 ? resolve(performance.now() - t0) : reject(new Error(`hook: ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function fireLatency(client: Client, db: Database.Database, templateId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < SCHEDULES; i++) {
    const t = (await client.call("trigger.create", {
      templateId,
      kind: "schedule",
      cron: "*/2 * * * * *",
      timezone: "UTC",
      overlap: "allow",
    })) as { id: string };
    ids.push(t.id);
  }
  // Fires from the first even second after every schedule exists.
  const from = Math.ceil((Date.now() + 1000) / 2000) * 2000;
  const load0 = loadavg()[0];
  await sleep(from + SECONDS * 1000 - Date.now() + 1500);
  for (const id of ids) await client.call("trigger.update", { id, enabled: false });
  const rows = db
    .prepare(
      `select f.scheduled_for as due, f.outcome, r.created_at as started from trigger_fires f
       left join runs r on r.id = f.run_id where f.scheduled_for >= ? and f.scheduled_for < ?`,
    )
    .all(from, from + SECONDS * 1000) as { due: number; outcome: string; started: number | null }[];
  const lat = rows.filter((r) => r.outcome === "started" && r.started !== null).map((r) => r.started! - r.due);
  const expected = SCHEDULES * (SECONDS / 2);
  const other = rows.length - lat.length;
  console.log(
    `${SCHEDULES} schedules every 2 s for ${SECONDS} s (server): ${lat.length} of ${expected} fires started` +
      `${other ? `, ${other} not started` : ""}; fire → run start median ${ms(median(lat))}, p95 ${ms(percentile(lat, 95))}, max ${ms(Math.max(...lat))} (goal p95 < 1 s); load ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
  return ids;
}

async function webhookLatency(client: Client, port: number, agent: http.Agent, templateId: string): Promise<void> {
  // 60 calls a minute each: the calls go round several webhooks.
  const hooks: { url: string; secret: string }[] = [];
  for (let i = 0; i < 8; i++)
    hooks.push(
      (await client.call("trigger.create", { templateId, kind: "webhook" })) as { url: string; secret: string },
    );
  const times: number[] = [];
  for (let i = 0; i < 400; i++) {
    const h = hooks[i % hooks.length]!;
    times.push(await timedHook(port, agent, h.url, h.secret, i));
  }
  const warm = times.slice(40);
  console.log(
    `signed webhook → 202 over HTTP (warm server, ${warm.length} calls, one after another): p50 ${ms(median(warm))}, p95 ${ms(percentile(warm, 95))} (goal p50 < 20 ms)`,
  );
}

async function historyPage(port: number, agent: http.Agent, dbFile: string, small: string, big: string) {
  const w = new Database(dbFile);
  const have = (w.prepare(`select count(*) as n from trigger_fires where trigger_id = ?`).get(big) as { n: number }).n;
  const insert = w.prepare(
    `insert into trigger_fires (trigger_id, at, outcome, reason) values (?, ?, 'skipped', 'bench')`,
  );
  w.transaction(() => {
    for (let i = have; i < HISTORY_ROWS; i++) insert.run(big, Date.now() - i);
  })();
  w.close();
  const page = async (id: string) => {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) times.push(await timedQuery(port, agent, "trigger.history", { id, limit: 10 }));
    return median(times.slice(10));
  };
  const a = await page(small);
  const b = await page(big);
  const c = await page(small);
  console.log(
    `trigger.history first page (10 rows) over HTTP: median ${ms((a + c) / 2)} with ≤ 20 rows, ${ms(b)} with ${HISTORY_ROWS.toLocaleString("en")} rows (ratio ${(b / ((a + c) / 2)).toFixed(2)})`,
  );
}

export async function measureServerTriggers(): Promise<void> {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-triggers-server-"));
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const client = new Client(port, 4);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const db = new Database(path.join(dataDir, "wf.db"), { readonly: true });
  try {
    const { id: templateId } = (await client.call("template.save", { template })) as { id: string };
    const ids = await fireLatency(client, db, templateId);
    await webhookLatency(client, port, agent, templateId);
    const sizes = ids.map(
      (id) =>
        [
          id,
          (db.prepare(`select count(*) as n from trigger_fires where trigger_id = ?`).get(id) as { n: number }).n,
        ] as const,
    );
    await historyPage(port, agent, path.join(dataDir, "wf.db"), sizes[0]![0], sizes[1]![0]);
  } finally {
    db.close();
    client.close();
    agent.destroy();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

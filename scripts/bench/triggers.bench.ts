/**
 * `npm run bench:triggers` — what a trigger costs (docs/triggers.md). In process, on warm dependencies:
 * the next fire time of a schedule (croner, compiled once), a fire's claim with its pending row plus the
 * row's outcome (the guarded update in an immediate transaction, on a real SQLite file in WAL), and a
 * signed webhook call through the endpoint's handler (a one-checkpoint template, so no process starts).
 * Then on the production server (`next start`, its own data folder, see bench-server.ts), the figures
 * the goals name: 100 schedules firing every 2 s for BENCH_TRIGGERS_SECONDS (default 32) — fire latency
 * = the run's start (its row's `created_at`) − the fire's scheduled time, read from the server's SQLite
 * file; a signed webhook call's 202 over HTTP; and `trigger.history`'s first page with 10 and with
 * 10,000 history rows.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { nextFireTime } from "@/lib/triggers/cron-schedule";
import { readServerConfig } from "@/server/config/server-config";
import { createServerDeps } from "@/server/runtime/server-deps";
import { measureServerTriggers } from "./triggers-server";
import { median, percentile } from "./measure";

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

export default async function triggersBench(): Promise<void> {
  const n = 20_000;
  const schedule = { cron: "*/5 9-17 * * 1-5", timezone: "Europe/Berlin" };
  const t0 = performance.now();
  let at = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) at = nextFireTime(schedule, at)!;
  console.log(`next fire time (cached schedule): ${us((performance.now() - t0) / n)} per call`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-triggers-"));
  const deps = createServerDeps(
    readServerConfig({
      WF_DATA_DIR: dir,
      WF_DB_PATH: path.join(dir, "wf.db"),
      WF_APP_ROOT: process.cwd(),
      WF_API_TOKEN: "bench-token",
    }),
  );
  try {
    const template = {
      template_id: "bench-triggers",
      name: "Bench",
      nodes: [{ id: "C", name: "C", type: "checkpoint", auto_continue: true }],
      edges: [],
    };
    const { id: templatePk } = await deps.library.save({ template });
    const store = deps.triggers.ctx.store;
    const creator = { userId: null, email: "bench" };
    const { id } = await deps.triggers.create(
      {
        templateId: templatePk,
        kind: "schedule",
        cron: "* * * * *",
        timezone: "UTC",
        variables: {},
        misfire: "run_once",
        overlap: "allow",
        enabled: true,
      },
      creator,
    );
    let expected = (await store.get(id))!.nextFireAt!;
    const claims: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const c0 = performance.now();
      const next = expected + 60_000;
      const runId = `run_bench_${i}`;
      await store.claimFire(id, expected, next, [
        { at: expected, scheduledFor: expected, outcome: "missed", reason: "claimed", runId, pending: true },
      ]);
      await store.settleFire(id, expected, { at: expected, outcome: "skipped", reason: "bench" });
      claims.push(performance.now() - c0);
      expected = next;
    }
    console.log(
      `claim + pending row + outcome (SQLite file, WAL): median ${us(median(claims))}, p95 ${us(percentile(claims, 95))}`,
    );

    // Webhooks: 60 calls a minute each, so the calls go round several triggers.
    const hooks = [];
    for (let i = 0; i < 8; i++)
      hooks.push(
        await deps.triggers.create(
          { templateId: templatePk, kind: "webhook", auth: "hmac", variables: {}, enabled: true },
          creator,
        ),
      );
    const times: number[] = [];
    for (let i = 0; i < 400; i++) {
      const hook = hooks[i % hooks.length]!;
      const body = JSON.stringify({ n: i });
      const sig = `sha256=${crypto.createHmac("sha256", hook.secret!).update(body).digest("hex")}`;
      const req = new Request(`http://127.0.0.1${hook.url}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-wf-signature": sig },
        body,
      });
      const w0 = performance.now();
      const res = await deps.triggers.handleWebhook(req, hook.id);
      times.push(performance.now() - w0);
      if (res.status !== 202) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    }
    const warm = times.slice(40);
    console.log(
      `signed webhook → 202 (handler, warm, ${warm.length} calls): p50 ${median(warm).toFixed(2)} ms, p95 ${percentile(warm, 95).toFixed(2)} ms`,
    );
  } finally {
    deps.engine.detach();
    deps.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await measureServerTriggers();
}

/**
 * `npm run bench big-start`: the bad input of #29 through the production server, as a client meets it. While one
 * client keeps starting one-node runs one after another (each: `run.start`, then polling the server's SQLite file
 * read-only every 2 ms until the run is finished), another saves a 100,000-node chain of instant nodes
 * (`template.save`, ~11 MB of JSON), starts it (`run.start` by its id: the library's first read of that version,
 * then the engine's start in slices) and waits for it to finish. Printed: how long each step took, and the one-node
 * runs' start → finished latency (p50, p95, max; goal within 50 ms) while the save was under way, while the big
 * start was, and while the big run ran — a small run counts for every step it overlapped. The big template's
 * request body is made before anything is timed (this process's own work would hold up the runs it times).
 */
import fs from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { chain } from "./api.bench";
import { Client, ensureBuild, freePort, startServer } from "./bench-server";
import { fmt, median, percentile } from "./measure";

const BIG = 100_000;

interface Span {
  from: number;
  to: number;
}

export default async function bigStartBench(): Promise<void> {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-big-"));
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const small = new Client(port, 2);
  const big = new Client(port, 2);
  try {
    const one = (await small.call("template.save", { template: chain(1) })) as { id: string };
    // Made before anything is timed: this process's own work must not hold up the small runs it times.
    const body = JSON.stringify({ template: chain(BIG) });
    const db = new Database(path.join(dataDir, "wf.db"), { readonly: true, fileMustExist: true });
    const status = db.prepare(`select status from runs where id = ?`);
    const finished = async (runId: string) => {
      for (;;) {
        const row = status.get(runId) as { status: string } | undefined;
        if (row && ["succeeded", "failed", "cancelled"].includes(row.status)) return row.status;
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    console.log(`load average before: ${loadavg()[0].toFixed(2)}`);
    let stop = false;
    const runs: (Span & { ms: number })[] = [];
    let notSucceeded = 0;
    const beside = (async () => {
      while (!stop) {
        const from = performance.now();
        const { runId } = (await small.call("run.start", { templateId: one.id })) as { runId: string };
        if ((await finished(runId)) !== "succeeded") notSucceeded++;
        const to = performance.now();
        runs.push({ from, to, ms: to - from });
      }
    })();
    // Warm: the small runs' own path first.
    while (runs.length < 50) await new Promise((r) => setTimeout(r, 10));
    const t0 = performance.now();
    const saved = (await big.send("template.save", body)) as { id: string };
    const t1 = performance.now();
    const { runId } = (await big.call("run.start", { templateId: saved.id })) as { runId: string };
    const t2 = performance.now();
    const bigStatus = await finished(runId);
    const t3 = performance.now();
    stop = true;
    await beside;
    const events = (db.prepare(`select count(*) as n from run_events where run_id = ?`).get(runId) as { n: number }).n;
    console.log(
      `a ${BIG.toLocaleString("en")}-node chain: saved in ${fmt(t1 - t0)}, run.start answered in ${fmt(t2 - t1)}, ${bigStatus} ${fmt(t3 - t2)} later; ${events.toLocaleString("en")} events stored (of ${(2 + 2 * BIG).toLocaleString("en")})`,
    );
    const during = (label: string, span: Span) => {
      const ms = runs.filter((r) => r.from < span.to && r.to > span.from).map((r) => r.ms);
      console.log(
        `  one-node runs under way ${label.padEnd(22)} ${String(ms.length).padStart(5)}: start → finished p50 ${fmt(median(ms))}, p95 ${fmt(percentile(ms, 95))}, max ${fmt(Math.max(...ms))}`,
      );
    };
    during("before", { from: 0, to: t0 });
    during("while it was saved", { from: t0, to: t1 });
    during("while it started", { from: t1, to: t2 });
    during("while it ran", { from: t2, to: t3 });
    console.log(
      `  (goal: within 50 ms); not succeeded: ${notSucceeded}; load average after: ${loadavg()[0].toFixed(2)}`,
    );
    db.close();
  } finally {
    small.close();
    big.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

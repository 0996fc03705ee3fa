/**
 * `npm run bench two-servers` (also part of `npm run bench:scale`): two production servers (`next start`) on one
 * PostgreSQL database (a private cluster unless WF_TEST_DATABASE_URL) and one data folder, nodes on one `wf worker`
 * (`WF_SERVE_WORKER=0`); the first to start leads the runs (decision 055). Prints, one client at a time:
 * - `run.start` p50 / p95 on the leader and on the follower, which relays it to the leader (200 each, two rounds);
 * - node end → SSE on the other server: a node's `node.succeeded` on the worker (its `at`) → the event read from a
 *   live stream of the follower, p50 / p95 / max over 30 runs (goal p95 < 250 ms).
 */
import fs from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchDatabase } from "./bench-postgres";
import { Client, ensureBuild, freePort, startServer, TOKEN } from "./bench-server";
import { startWorker, stopWorkers } from "./bench-worker";
import { percentile } from "./measure";

const STARTS = 200;
const SSE_RUNS = 30;
const ONE = { template_id: "one", name: "One", nodes: [{ id: "C", name: "C", type: "checkpoint" }], edges: [] };
// CP waits for a person; W runs on the worker once CP is approved.
const GATED = {
  template_id: "gated",
  name: "Gated",
  nodes: [
    { id: "CP", name: "CP", type: "checkpoint", auto_continue: false },
    { id: "W", name: "W", type: "shell", args_template: "true" },
  ],
  edges: [{ from: "CP", to: "W" }],
};
const auth = { authorization: `Bearer ${TOKEN}` };

async function startLatency(client: Client): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i++) await client.call("run.start", { templateId: "one" });
  const ms: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t = performance.now();
    await client.call("run.start", { templateId: "one" });
    ms.push(performance.now() - t);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function pendingApproval(port: number, runId: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ runId, status: "pending" }));
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/trpc/approval.list?input=${input}`, { headers: auth });
    const { items } = ((await res.json()) as { result: { data: { items: { id: string }[] } } }).result.data;
    if (items[0]) return items[0].id;
  }
}

/** One run: its stream opened on the follower, CP approved on the leader, W's end → its event on the stream. */
async function nodeEndToSse(leader: Client, leaderPort: number, followerPort: number): Promise<number> {
  const { runId } = (await leader.call("run.start", { templateId: "gated" })) as { runId: string };
  const approvalId = await pendingApproval(leaderPort, runId);
  const input = encodeURIComponent(JSON.stringify({ runId, afterEventId: 0 }));
  const res = await fetch(`http://127.0.0.1:${followerPort}/api/trpc/live.watch?input=${input}`, {
    headers: { accept: "text/event-stream", ...auth },
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes('"kind":"ready"')) text += decoder.decode((await reader.read()).value, { stream: true });
  await leader.call("approval.decide", { approvalId, decision: "approve" });
  try {
    for (;;) {
      text += decoder.decode((await reader.read()).value, { stream: true });
      const arrived = Date.now();
      const ended = [...text.matchAll(/\{[^{}]*"type":"node\.succeeded"[^{}]*\}/g)].find((m) =>
        m[0].includes('"nodeId":"W"'),
      );
      if (ended) return arrived - Number(/"at":(\d+)/.exec(ended[0])![1]);
    }
  } finally {
    await reader.cancel();
  }
}

export default async function twoServersBench(): Promise<void> {
  ensureBuild();
  const database = await benchDatabase("wf_bench_two");
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-two-"));
  const env = { WF_DATABASE_URL: database.url, WF_SERVE_WORKER: "0", WF_WORKER_LOST_S: "3" };
  const [leaderPort, followerPort] = [await freePort(), await freePort()];
  const leaderServer = await startServer(dataDir, leaderPort, env);
  const followerServer = await startServer(dataDir, followerPort, env);
  const worker = await startWorker(database.url, dataDir, 2, 3);
  const leader = new Client(leaderPort, 1);
  const follower = new Client(followerPort, 1);
  try {
    console.log(`load average before: ${loadavg()[0].toFixed(2)}`);
    await leader.call("template.save", { template: ONE });
    await leader.call("template.save", { template: GATED });
    for (let round = 1; round <= 2; round++) {
      const [onLeader, onFollower] = [await startLatency(leader), await startLatency(follower)];
      console.log(
        `round ${round}, run.start one client: leader p50 ${onLeader.p50.toFixed(1)} ms, p95 ${onLeader.p95.toFixed(1)} ms; through the follower (relayed) p50 ${onFollower.p50.toFixed(1)} ms, p95 ${onFollower.p95.toFixed(1)} ms (+${(onFollower.p50 - onLeader.p50).toFixed(1)} ms)`,
      );
    }
    const lags: number[] = [];
    for (let i = 0; i < SSE_RUNS; i++) lags.push(await nodeEndToSse(leader, leaderPort, followerPort));
    console.log(
      `node end on the worker → SSE on the follower: p50 ${percentile(lags, 50)} ms, p95 ${percentile(lags, 95)} ms, max ${Math.max(...lags)} ms (${SSE_RUNS} runs; goal p95 < 250 ms); load average after: ${loadavg()[0].toFixed(2)}`,
    );
  } finally {
    leader.close();
    follower.close();
    await stopWorkers([worker]);
    for (const server of [followerServer, leaderServer]) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

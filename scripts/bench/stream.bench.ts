/**
 * `npm run bench:stream`: ~1,000 node-status events per second to 10 SSE clients over real HTTP.
 *
 * The server side is the real thing in this process: the engine (reducer, SQLite commits on a temporary
 * file, the event bus) and the tRPC fetch handler of the app's route behind a `node:http` server on a
 * 127.0.0.1 port, authenticated with `WF_API_TOKEN`. Only the node work is fake: a shell node "runs" for
 * WORK_MS without a process, so the pace is the engine's (PER_RUN nodes at once → ~PER_RUN / WORK_MS
 * nodes per second, two status events each: started, succeeded). The template is a human node fanning out
 * to NODES nodes; it is approved once every client has said `ready`, so what is measured is the tail.
 *
 * Three ways to watch, one after another: DESIGN's `run.onEvent` (one tracked SSE message per event),
 * the browser's `live.watch` with one message per event, and `live.watch { batch: true }`.
 * The clients run in a worker thread (their parsing does not delay the server's event loop). Each opens
 * the subscription with `fetch`, reads the SSE stream and records, per run event, receive time −
 * the event's `at` (when the engine created it: executor done → reducer → commit → bus → SSE → client).
 * Both clocks are `Date.now()`, so figures carry ±1 ms. Every client must receive exactly the stored ids.
 */
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { median, percentile } from "./measure";

const CLIENTS = 10;
const NODES = 6_000;
const WORK_MS = 100;
const PER_RUN = 50;
const TOKEN = "bench-stream-token";

/** The SSE clients (plain JavaScript: a worker evaluates it as is). */
const CLIENT_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, token, clients, readyAfterId } = workerData;
async function client() {
  const lat = [];
  const ids = [];
  let ready = false;
  let messages = 0;
  const res = await fetch(url, { headers: { authorization: "Bearer " + token, accept: "text/event-stream" } });
  if (!res.ok) throw new Error("live.watch answered " + res.status + ": " + (await res.text()));
  const decoder = new TextDecoder();
  let buf = "";
  for await (const chunk of res.body) {
    const now = Date.now();
    buf += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buf.indexOf("\\n\\n")) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      for (const line of block.split("\\n")) {
        if (!line.startsWith("data: ")) continue;
        const m = JSON.parse(line.slice(6));
        // live.watch says "ready" after its replay; run.onEvent's replay ends with the last stored event.
        const events = m.kind === "run-event" ? [m.event] : m.kind === "run-events" ? m.events : m.type ? [m] : [];
        if (!ready && (m.kind === "ready" || events.some((e) => e.id >= readyAfterId))) {
          ready = true;
          parentPort.postMessage({ type: "ready" });
        }
        for (const e of events) {
          ids.push(e.id);
          if (ready && (e.type === "node.started" || e.type === "node.succeeded")) lat.push(now - e.at);
        }
        if (events.length) messages++;
        if (events.some((e) => e.type === "run.finished")) return { lat, ids, messages };
      }
    }
  }
  throw new Error("stream ended before run.finished");
}
Promise.all(Array.from({ length: clients }, client)).then(
  (results) => parentPort.postMessage({ type: "done", results }),
  (err) => parentPort.postMessage({ type: "error", message: String(err && err.stack || err) }),
);
`;

interface ClientResult {
  lat: number[];
  ids: number[];
  /** SSE messages that carried run events. */
  messages: number;
}

type Mode = "run.onEvent" | "live.watch" | "live.watch batch";

export default async function streamBench(): Promise<void> {
  // BENCH_STREAM_MODES=run.onEvent (comma-separated) measures only those.
  const only = process.env.BENCH_STREAM_MODES?.split(",");
  for (const mode of ["run.onEvent", "live.watch", "live.watch batch"] as const)
    if (!only || only.includes(mode)) await measure(mode);
}

async function measure(mode: Mode): Promise<void> {
  const batch = mode === "live.watch batch";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-stream-bench-"));
  const { appRouter } = await import("@/server/api/root");
  const { createTRPCContext } = await import("@/server/api/procedures/trpc");
  const { readServerConfig } = await import("@/server/config/server-config");
  const { createServerDeps } = await import("@/server/runtime/server-deps");
  const { createExecutorRegistry } = await import("@/server/engine/executors/executor-registry");
  const { parseTemplate } = await import("@/lib/workflow/model/parse-template");

  const deps = createServerDeps(
    readServerConfig({ WF_DATA_DIR: dir, WF_DB_PATH: path.join(dir, "wf.db"), WF_API_TOKEN: TOKEN }),
    {
      engine: {
        concurrency: { global: PER_RUN, perRun: PER_RUN },
        executors: createExecutorRegistry({
          shell: {
            run: () =>
              new Promise((resolve) => setTimeout(() => resolve({ status: "succeeded", output: "" }), WORK_MS)),
          },
        }),
      },
    },
  );
  const { engine, db, runStore: store } = deps;

  const server = http.createServer((req, res) => {
    const url = `http://${req.headers.host}${req.url}`;
    const ac = new AbortController();
    res.on("close", () => ac.abort());
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      signal: ac.signal,
    });
    void fetchRequestHandler({
      endpoint: "/api/trpc",
      req: request,
      router: appRouter,
      createContext: () => createTRPCContext({ deps, headers: request.headers }),
    }).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return res.end();
      const reader = response.body.getReader();
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read()) res.write(r.value);
      } catch {
        // The client went away.
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;

  const nodes = [
    { id: "H", name: "Go", type: "human", prompt: "start the burst?" },
    ...Array.from({ length: NODES }, (_, i) => ({ id: `n${i}`, name: `n${i}`, type: "shell", args_template: "true" })),
  ];
  const parsed = parseTemplate({
    template_id: "wft-bench-stream-20260101",
    name: "bench stream",
    nodes,
    edges: nodes.slice(1).map((n) => ({ from: "H", to: n.id })),
  });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
  const { runId } = engine.startRun({ template: parsed.template });
  await engine.settled(runId);

  const input = encodeURIComponent(
    JSON.stringify(
      mode === "run.onEvent" ? { runId, lastEventId: 0 } : { runId, afterEventId: 0, ...(batch ? { batch } : {}) },
    ),
  );
  const procedure = mode === "run.onEvent" ? "run.onEvent" : "live.watch";
  const readyAfterId = store.eventsAfter(runId, 0).at(-1)!.id;
  const worker = new Worker(CLIENT_CODE, {
    eval: true,
    workerData: {
      url: `http://127.0.0.1:${port}/api/trpc/${procedure}?input=${input}`,
      token: TOKEN,
      clients: CLIENTS,
      readyAfterId,
    },
  });
  let readyCount = 0;
  let burstStart = 0;
  const results = await new Promise<ClientResult[]>((resolve, reject) => {
    worker.on("message", (m: { type: string; results?: ClientResult[]; message?: string }) => {
      if (m.type === "ready" && ++readyCount === CLIENTS) {
        const approval = engine.getState(runId)!.nodes.H.approvalId!;
        burstStart = Date.now();
        engine.decide(approval, { decision: "approve", by: "bench" });
      }
      if (m.type === "done") resolve(m.results!);
      if (m.type === "error") reject(new Error(m.message));
    });
    worker.on("error", reject);
  });
  const burstMs = Date.now() - burstStart;
  await worker.terminate();

  const stored = store.eventsAfter(runId, 0).map((e) => e.id);
  const statusEvents = store
    .eventsAfter(runId, 0)
    .filter((e) => e.event.type === "node.started" || e.event.type === "node.succeeded").length;
  const all = results.flatMap((r) => r.lat);
  const exact = results.filter((r) => r.ids.length === stored.length && r.ids.every((id, i) => id === stored[i]));
  const messages = results.reduce((n, r) => n + r.messages, 0) / CLIENTS;
  const titles: Record<Mode, string> = {
    "run.onEvent": "run.onEvent (docs/api.md: one tracked message per event)",
    "live.watch": "live.watch (one run-event message per event)",
    "live.watch batch": "live.watch { batch: true } (run-events messages; what the browser uses)",
  };
  console.log(`\n### ${titles[mode]}`);
  console.log(
    `${CLIENTS} SSE clients on ${procedure} over HTTP (127.0.0.1), ${statusEvents} node-status events in ${(burstMs / 1000).toFixed(1)} s ` +
      `(${Math.round((statusEvents / burstMs) * 1000)} events/s produced, ${Math.round((statusEvents * CLIENTS * 1000) / burstMs)} deliveries/s)`,
  );
  console.log(
    `server → client latency over ${all.length} deliveries: median ${median(all)} ms, p95 ${percentile(all, 95)} ms, ` +
      `p99 ${percentile(all, 99)} ms, max ${Math.max(...all)} ms (target p95 < 50 ms)`,
  );
  console.log(
    `per client p95: ${results.map((r) => percentile(r.lat, 95)).join(", ")} ms; median of client medians ${median(results.map((r) => median(r.lat)))} ms`,
  );
  console.log(
    `${Math.round(messages)} SSE messages with run events per client (${(stored.length / messages).toFixed(1)} events per message)`,
  );
  console.log(
    `every event accounted for: ${exact.length}/${CLIENTS} clients received exactly the ${stored.length} stored ids, in order, no duplicates`,
  );
  const wrong = results.find((r) => !exact.includes(r));
  if (wrong) {
    const at = wrong.ids.findIndex((id, i) => id !== stored[i]);
    console.log(
      `first difference at position ${at}: received ${wrong.ids.slice(Math.max(0, at - 2), at + 3).join(",")}, ` +
        `stored ${stored.slice(Math.max(0, at - 2), at + 3).join(",")} (received ${wrong.ids.length}, stored ${stored.length})`,
    );
  }
  engine.detach();
  server.closeAllConnections();
  server.close();
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

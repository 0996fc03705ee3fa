/**
 * Engine benchmarks: (1) a 10,000-node DAG of no-op nodes with persistence on (completions/s,
 * peak RSS, 1k → 10k cost ratio); (2) 100 concurrent runs of 20 `true` shell nodes (runs/s and
 * the latency from "node ready" to "process started").
 */
import { performance } from "node:perf_hooks";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness } from "@/server/test-support/engine-harness";
import { createExecutorRegistry } from "@/server/engine/executors/executor-registry";
import type { Executor } from "@/server/engine/executors/executor";
import { readServerConfig } from "@/server/config/server-config";
import { createProcessSandbox, type ProcessSandbox } from "@/server/sandbox/process-sandbox";
import { spawnProcess } from "@/server/sandbox/spawn-process";
import { fmt, median, percentile } from "./measure";

/** Registered only here: finishes at once, so the engine and the store are all that is measured. */
const noopExecutor: Executor = { run: () => Promise.resolve({ status: "succeeded", output: "" }) };

/** `layers` × `width` no-op nodes; each node depends on two nodes of the layer before. */
function layeredDag(nodes: number, width = 100) {
  const b = buildTemplate();
  const layers = Math.ceil(nodes / width);
  for (let l = 0; l < layers; l++)
    for (let i = 0; i < width && l * width + i < nodes; i++) {
      const id = `n${l}_${i}`;
      b.node(id);
      if (l > 0) {
        b.edge(`n${l - 1}_${i}`, id);
        b.edge(`n${l - 1}_${(i + 1) % width}`, id);
      }
    }
  return b.done();
}

async function noopDag(nodes: number): Promise<{ ms: number; cpuMs: number; peakRss: number }> {
  const template = layeredDag(nodes);
  const h = createEngineHarness({
    executors: createExecutorRegistry({ shell: noopExecutor }),
    concurrency: { global: 1000, perRun: 1000 },
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const { runId } = h.engine.startRun({ template });
  const state = await h.engine.settled(runId);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (state.status !== "succeeded") throw new Error(`no-op run ended ${state.status}`);
  h.close();
  return { ms, cpuMs, peakRss };
}

async function shellRuns(runs: number, nodesPerRun: number) {
  const latencies: number[] = [];
  const ready = new Map<string, number>();
  const h = createEngineHarness({
    concurrency: { global: 64, perRun: 4 },
    onNodeTiming: ({ runId, nodeId, phase, at }) => {
      const key = `${runId}/${nodeId}`;
      if (phase === "ready") ready.set(key, at);
      else if (ready.has(key)) latencies.push(at - ready.get(key)!);
    },
  });
  //  n0 → n1 → … → n19 (a chain: runs overlap, nodes inside a run do not)
  const ids = Array.from({ length: nodesPerRun }, (_, i) => `n${i}`);
  const template = ids
    .reduce((b, id) => b.node(id, { args_template: "true" }), buildTemplate())
    .chain(...ids)
    .done();
  const t0 = performance.now();
  const started = Array.from({ length: runs }, () => h.engine.startRun({ template }).runId);
  const states = await Promise.all(started.map((id) => h.engine.settled(id)));
  const ms = performance.now() - t0;
  h.close();
  if (states.some((s) => s.status !== "succeeded")) throw new Error("a shell run failed");
  return { ms, latencies };
}

/** Starts processes bare (WF_SANDBOX=off) from this process or through the spawner helpers. */
const bare = (spawner: "local" | "helper") =>
  createProcessSandbox({ ...readServerConfig(process.env).processes, sandbox: "off", spawner });

/** Median ms per `true` spawned one after the other through a launcher. */
async function spawnCost(sandbox: ProcessSandbox, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await spawnProcess({
      command: "true",
      cwd: "/tmp",
      env: { ...process.env },
      sandbox,
    });
    times.push(performance.now() - t0);
  }
  return median(times);
}

export default async function engineBench(): Promise<void> {
  // Warm-up (JIT, SQLite page cache).
  await noopDag(1000);
  const small = [await noopDag(1000), await noopDag(1000), await noopDag(1000)];
  const big = [await noopDag(10_000), await noopDag(10_000), await noopDag(10_000)];
  const smallMs = median(small.map((r) => r.ms));
  const bigMs = median(big.map((r) => r.ms));
  const peak = Math.max(...big.map((r) => r.peakRss), process.resourceUsage().maxRSS * 1024);
  const bigCpu = median(big.map((r) => r.cpuMs));
  console.log(
    `no-op DAG 1,000 nodes:  ${fmt(smallMs)} (median of 3) → ${Math.round(1000 / (smallMs / 1000))} completions/s`,
  );
  console.log(
    `no-op DAG 10,000 nodes: ${fmt(bigMs)} (median of 3) → ${Math.round(10_000 / (bigMs / 1000))} completions/s (goal ≥ 5,000/s)`,
  );
  // Wall time depends on how busy the machine is; CPU time does much less.
  console.log(
    `  CPU time for 10,000 nodes: ${fmt(bigCpu)} → ${Math.round(10_000 / (bigCpu / 1000))} completions per CPU-second`,
  );
  console.log(`1k → 10k cost ratio: ${(bigMs / smallMs).toFixed(2)}× for 10× the nodes (linear = 10×)`);
  console.log(`peak RSS: ${(peak / 1024 / 1024).toFixed(0)} MB (goal < 300 MB)`);

  await spawnCost(bare("helper"), 5);
  const rss = (process.memoryUsage().rss / 1024 / 1024).toFixed(0);
  console.log(
    `spawn \`true\` from this ${rss} MB process: direct ${fmt(await spawnCost(bare("local"), 40))}, ` +
      `via the lean spawner ${fmt(await spawnCost(bare("helper"), 40))} (median of 40)`,
  );
  const shell = await shellRuns(100, 20);
  console.log(
    `100 concurrent runs × 20 \`true\` shell nodes: ${fmt(shell.ms)} → ${(100 / (shell.ms / 1000)).toFixed(1)} runs/s, ` +
      `${Math.round(2000 / (shell.ms / 1000))} nodes/s (global limit 64)`,
  );
  console.log(
    `node ready → process started: p50 ${fmt(percentile(shell.latencies, 50))}, p95 ${fmt(percentile(shell.latencies, 95))} ` +
      `(${shell.latencies.length} nodes; includes waiting for a free slot)`,
  );
}

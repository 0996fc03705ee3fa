/**
 * The bubblewrap sandbox's cost (docs/sandbox.md), bare (WF_SANDBOX=off) against sandboxed, through the
 * spawner helpers as the server runs them: (1) start-up of one node process — spawn to its first byte of
 * output — sandboxed with a prepared sandbox (the same mounts as the process before: a run's next node)
 * and cold (mounts never seen: a run's first node), goal < 10 ms over bare at the median; (2) spawner
 * throughput, 400 `true` processes 16 at a time in one workspace, goal within 1.3× of bare; (3) the
 * engine's 100 concurrent runs × 20 `true` shell nodes. Cases alternate so a busy machine slows both alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { readServerConfig, type SandboxMode } from "@/server/config/server-config";
import { createProcessSandbox, type ProcessSandbox } from "@/server/sandbox/process-sandbox";
import { spawnProcess } from "@/server/sandbox/spawn-process";
import { createEngineHarness } from "@/server/test-support/engine-harness";
import { fmt, median } from "./measure";

const sandboxOf = (mode: SandboxMode): ProcessSandbox =>
  createProcessSandbox({ ...readServerConfig(process.env).processes, sandbox: mode, spawner: "helper" });

/** Spawn → first byte of stdout, in ms. */
async function firstOutput(sandbox: ProcessSandbox, workspace: string): Promise<number> {
  const t0 = performance.now();
  let first = 0;
  await spawnProcess({
    command: "echo x",
    cwd: workspace,
    env: { PATH: process.env.PATH },
    sandbox,
    isolation: { workspace, writable: true, network: true },
    onChunk: () => (first ||= performance.now() - t0),
  });
  return first;
}

async function throughput(sandbox: ProcessSandbox, workspace: string, jobs: number, parallel: number) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next++ < jobs)
        await spawnProcess({
          command: "true",
          cwd: workspace,
          env: { PATH: process.env.PATH },
          sandbox,
          isolation: { workspace, writable: true, network: true },
        });
    }),
  );
  return jobs / ((performance.now() - t0) / 1000);
}

async function shellRuns(sandbox: ProcessSandbox, runs: number, nodesPerRun: number): Promise<number> {
  const h = createEngineHarness({ concurrency: { global: 64, perRun: 4 }, sandbox });
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
  return ms;
}

export default async function sandboxBench(): Promise<void> {
  const bare = sandboxOf("off");
  const boxed = sandboxOf("require");
  if (!boxed.status.sandboxed) {
    console.log(`sandbox: skipped — ${boxed.status.summary}`);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-sandbox-"));
  const ws = path.join(dir, "ws");
  fs.mkdirSync(ws);
  try {
    for (let i = 0; i < 5; i++) await Promise.all([firstOutput(bare, ws), firstOutput(boxed, ws)]);
    const t = { bare: [] as number[], prepared: [] as number[], cold: [] as number[] };
    for (let i = 0; i < 60; i++) {
      t.bare.push(await firstOutput(bare, ws));
      t.prepared.push(await firstOutput(boxed, ws));
      // A folder never seen before: no sandbox is prepared for its mounts.
      const fresh = path.join(dir, `cold-${i}`);
      fs.mkdirSync(fresh);
      t.cold.push(await firstOutput(boxed, fresh));
    }
    const [b, p, c] = [median(t.bare), median(t.prepared), median(t.cold)];
    console.log(
      `node process start-up (spawn → first output, median of 60): bare ${fmt(b)}, sandboxed ${fmt(p)} ` +
        `(+${fmt(p - b)}, goal < +10 ms), sandboxed with mounts never seen ${fmt(c)} (+${fmt(c - b)})`,
    );
    const tb: number[] = [];
    const ts: number[] = [];
    for (let i = 0; i < 3; i++) {
      tb.push(await throughput(bare, ws, 400, 16));
      ts.push(await throughput(boxed, ws, 400, 16));
    }
    const [mb, ms] = [median(tb), median(ts)];
    console.log(
      `spawner throughput (400 \`true\`, 16 at a time, median of 3): bare ${mb.toFixed(0)}/s, sandboxed ` +
        `${ms.toFixed(0)}/s → ${(mb / ms).toFixed(2)}× (goal ≤ 1.3×)`,
    );
    const rb: number[] = [];
    const rs: number[] = [];
    for (let i = 0; i < 3; i++) {
      rb.push(await shellRuns(bare, 100, 20));
      rs.push(await shellRuns(boxed, 100, 20));
    }
    const [eb, es] = [median(rb), median(rs)];
    console.log(
      `100 concurrent runs × 20 \`true\` shell nodes (median of 3): bare ${fmt(eb)} (${Math.round(2000 / (eb / 1000))} nodes/s), ` +
        `sandboxed ${fmt(es)} (${Math.round(2000 / (es / 1000))} nodes/s) → ${(es / eb).toFixed(2)}×`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

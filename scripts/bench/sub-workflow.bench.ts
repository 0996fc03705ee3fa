/**
 * `npm run bench sub-workflow`: what a workflow node costs the engine, in process, on a real SQLite file with
 * the child in the library (docs/benchmarks.md, "Sub-workflows"). 100 parents that each call one child of 10
 * no-op nodes (checkpoints that continue on their own) against 100 runs of the flat 11-node template (the same
 * 10 nodes after one no-op), one run at a time from `startRun` to settled; median of 5 rounds. Overhead per
 * workflow node = (nested − flat) / 100 (goal: < 5 ms).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { openDatabase } from "@/server/db/open-database";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary } from "@/server/db/template-library";
import { createRunEventBus } from "@/server/engine/event-bus";
import { libraryChildTemplates } from "@/server/engine/library-child-templates";
import { RunEngine } from "@/server/engine/orchestrator";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { fmt, median } from "./measure";

const RUNS = 100;
const ROUNDS = 5;

function template(id: string, head: Record<string, unknown> | undefined, count: number): Template {
  const nodes: Record<string, unknown>[] = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    name: `n${i}`,
    type: "checkpoint",
    auto_continue: true,
  }));
  if (head) nodes.unshift(head);
  const edges = nodes.slice(1).map((n, i) => ({ from: nodes[i].id, to: n.id }));
  const parsed = parseTemplate({
    template_id: id,
    name: id,
    nodes,
    edges,
    checkpoints: nodes.filter((n) => n.type === "checkpoint").map((n) => n.id),
  });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
  return parsed.template;
}

export default async function subWorkflowBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-subwf-"));
  const db = openDatabase(path.join(dir, "wf.db"));
  try {
    const library = createLibrary(sqliteSql(db));
    const children = libraryChildTemplates(library);
    await library.save({ template: template("ten-noops", undefined, 10) });
    const engine = new RunEngine({
      store: new SqliteRunStore(db),
      bus: createRunEventBus(),
      runsDir: path.join(dir, "runs"),
      childTemplates: children.source,
    });
    const nested = template("calls-ten", { id: "w", name: "w", type: "workflow", template: "ten-noops" }, 0);
    const flat = template("flat-eleven", { id: "h", name: "h", type: "checkpoint", auto_continue: true }, 10);
    const round = async (t: Template) => {
      const t0 = performance.now();
      for (let i = 0; i < RUNS; i++) {
        // As the server starts a run: the children read from the library first (decision 052).
        const { runId } = await children.startWith(t, () => engine.startRun({ template: t }));
        const state = await engine.settled(runId);
        if (state.status !== "succeeded") throw new Error(`${t.template_id}: ${state.status} ${state.error ?? ""}`);
      }
      return performance.now() - t0;
    };
    await round(flat);
    await round(nested);
    const flatMs: number[] = [];
    const nestedMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      flatMs.push(await round(flat));
      nestedMs.push(await round(nested));
    }
    const f = median(flatMs);
    const n = median(nestedMs);
    console.log(`${RUNS} runs of the flat 11-node template: median ${fmt(f)} (${fmt(f / RUNS)} a run)`);
    console.log(`${RUNS} parents × 1 child of 10 nodes:     median ${fmt(n)} (${fmt(n / RUNS)} a parent)`);
    console.log(`workflow node overhead: ${fmt((n - f) / RUNS)} a node (goal < 5 ms); ratio ${(n / f).toFixed(2)}×`);
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    engine.detach();
  } finally {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Crash recovery over PostgreSQL: an engine process on the PostgreSQL store is SIGKILLed while nodes run; a
 * second engine on the same database resumes the run — right final state, no completed node runs twice.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { RunEngine } from "./orchestrator";
import { PgRunStore } from "./pg-run-store";
import { createTestDatabase, type TestDatabase } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";

let database: TestDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  database = dir = undefined;
});

//  N1 → N2 ─┬→ N3 ─┬→ N5
//           └→ N4 ─┘
const ids = ["N1", "N2", "N3", "N4", "N5"];
const template = {
  template_id: "crashy-pg",
  name: "Crashy on PostgreSQL",
  nodes: ids.map((id) => ({
    id,
    name: id,
    type: "shell",
    args_template: `echo start-${id} >> log; sleep 0.3; echo end-${id} >> log`,
    retries: 1,
  })),
  edges: [
    ["N1", "N2"],
    ["N2", "N3"],
    ["N2", "N4"],
    ["N3", "N5"],
    ["N4", "N5"],
  ].map(([from, to]) => ({ from, to })),
};

describe("crash recovery on PostgreSQL", () => {
  it("a SIGKILLed engine process's run resumes in another engine: nothing completed runs twice", async () => {
    database = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-crash-"));
    const file = path.join(dir, "crashy.json");
    const runsDir = path.join(dir, "runs");
    fs.writeFileSync(file, JSON.stringify(template));
    const script = path.join(import.meta.dirname, "../test-support/pg-engine-process.ts");
    const child = spawn(process.execPath, ["--import", "tsx", script, database.url, runsDir, file], {
      cwd: path.join(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((r) => child.once("exit", r));
    const line = await new Promise<string>((resolve) =>
      readline.createInterface({ input: child.stdout }).once("line", resolve),
    );
    const { runId } = JSON.parse(line) as { runId: string };
    // The run's workspace (nodes write only there when the sandbox is on).
    const log = path.join(runsDir, runId, "log");
    const read = () => Promise.resolve(fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "");
    await until(read, (text) => text.includes("start-N3") && text.includes("start-N4"));
    child.kill("SIGKILL");
    await exited;

    const before = await database.pool.query<{ node_id: string; status: string }>(
      `select node_id, status from node_runs where run_id = $1`,
      [runId],
    );
    const doneBefore = before.rows.filter((r) => r.status === "done").map((r) => r.node_id);
    expect(doneBefore).toEqual(expect.arrayContaining(["N1", "N2"]));
    expect(
      before.rows
        .filter((r) => r.status === "running")
        .map((r) => r.node_id)
        .sort(),
    ).toEqual(["N3", "N4"]);

    const engine = new RunEngine({ store: new PgRunStore(database.pool), runsDir });
    expect((await engine.recoverRuns()).resumed).toEqual([runId]);
    const state = await engine.settled(runId);
    engine.detach();
    expect(state.status).toBe("succeeded");
    expect(Object.values(state.nodes).map((n) => n.status)).toEqual(ids.map(() => "done"));
    const lines = (await read()).split("\n");
    for (const id of doneBefore)
      expect(
        lines.filter((l) => l === `start-${id}`),
        id,
      ).toHaveLength(1);
    for (const id of ids) expect(lines, id).toContain(`end-${id}`);
    // The events are one gapless sequence across both processes.
    const events = await new PgRunStore(database.pool).eventsAfter(runId, 0);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)?.event).toMatchObject({ type: "run.finished", status: "succeeded" });
  }, 60_000);
});

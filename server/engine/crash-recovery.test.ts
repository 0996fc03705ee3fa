import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import { selectNodeRuns, selectRunRows } from "@/server/db/run-queries";

const root = path.resolve(import.meta.dirname, "../..");
const wf = path.join(root, "scripts/wf.mjs");
let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

//  N1 → N2 ─┬→ N3 ─┬→ N5 → N6
//           └→ N4 ─┘
const ids = ["N1", "N2", "N3", "N4", "N5", "N6"];
const template = {
  template_id: "crashy",
  name: "Crashy",
  nodes: ids.map((id) => ({
    id,
    name: id,
    type: "shell",
    args_template: `echo start-${id} >> log; sleep 0.4; echo end-${id} >> log`,
    retries: 1,
  })),
  edges: [
    ["N1", "N2"],
    ["N2", "N3"],
    ["N2", "N4"],
    ["N3", "N5"],
    ["N4", "N5"],
    ["N5", "N6"],
  ].map(([from, to]) => ({ from, to })),
};

describe("crash recovery", () => {
  it("a SIGKILLed wf run resumes on the same database: right final state, no completed node runs twice", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-crash-"));
    const file = path.join(dir, "crashy.json");
    const dbFile = path.join(dir, "wf.db");
    fs.writeFileSync(file, JSON.stringify(template));
    // 1. Start a run and SIGKILL it while N3/N4 run.
    const child = spawn(process.execPath, [wf, "run", file, "--db", dbFile, "--json"], { stdio: "ignore" });
    const logOf = () => {
      const runs = fs.existsSync(path.join(dir!, "runs")) ? fs.readdirSync(path.join(dir!, "runs")) : [];
      const log = runs.length ? path.join(dir!, "runs", runs[0], "log") : "";
      return log && fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
    };
    for (let i = 0; i < 400 && !logOf().includes("start-N3"); i++) await new Promise((r) => setTimeout(r, 25));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    // 2. What the database says finished before the crash.
    const db = openDatabase(dbFile);
    const [run] = selectRunRows(db);
    expect(run.status).toBe("running");
    const doneBefore = selectNodeRuns(db, run.id)
      .filter((n) => n.status === "done")
      .map((n) => n.nodeId);
    expect(doneBefore).toEqual(expect.arrayContaining(["N1", "N2"]));
    db.$client.close();
    // 3. Same command, same database: it resumes the unfinished run.
    const again = spawnSync(process.execPath, [wf, "run", file, "--db", dbFile, "--json"], { encoding: "utf8" });
    expect(again.status).toBe(0);
    const out = JSON.parse(again.stdout) as {
      run: { id: string; status: string };
      nodes: { id: string; status: string }[];
    };
    expect(out.run).toEqual({ id: run.id, status: "succeeded" });
    expect(out.nodes.map((n) => n.status)).toEqual(ids.map(() => "done"));
    expect(again.stderr).toContain(`resuming run ${run.id}`);
    // 4. No node that had completed ran again; every node completed.
    const lines = logOf().split("\n");
    for (const id of doneBefore)
      expect(
        lines.filter((l) => l === `start-${id}`),
        id,
      ).toHaveLength(1);
    for (const id of ids) expect(lines, id).toContain(`end-${id}`);
  }, 60_000);
});

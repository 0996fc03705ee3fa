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

/**
 * Every shell step writes `S <id>` when it starts and `E <id>` when its work is done, into the run's
 * workspace (the sandbox lets a node write nowhere else; a resumed run keeps its workspace).
 */
const step = (seconds: number, extra = "") =>
  `echo "S $WF_NODE_ID" >> ledger; ${extra}sleep ${seconds}; echo "E $WF_NODE_ID" >> ledger; echo go`;

// Interruptions count as attempts (docs/engine.md, "Durability": interrupted nodes follow their retry policy), so
// every node may be retried more often than the test kills.
const RETRIES = 30;

//  P1 ─┐
//  P2 ─┼→ J (fails once, retried) → G ─go→ L (loop ×8) → H (human) → E
//  P3 ─┘                             └else→ X
const template = {
  template_id: "crash-mixed",
  name: "Crash mixed",
  nodes: [
    ...["P1", "P2", "P3"].map((id) => ({ id, name: id, type: "shell", args_template: step(0.4), retries: RETRIES })),
    {
      id: "J",
      name: "J",
      type: "shell",
      args_template: step(0.4, "if [ ! -f j.failed ]; then touch j.failed; exit 1; fi; "),
      retries: RETRIES,
    },
    { id: "G", name: "G", type: "gate", condition: "{J.output}" },
    { id: "L", name: "L", type: "loop", max_iter: 8, args_template: step(0.4), retries: RETRIES },
    { id: "H", name: "H", type: "human", prompt: "ok?" },
    { id: "E", name: "E", type: "shell", args_template: step(0.4), retries: RETRIES },
    { id: "X", name: "X", type: "shell", args_template: step(0.1), retries: RETRIES },
  ],
  edges: [
    { from: "P1", to: "J" },
    { from: "P2", to: "J" },
    { from: "P3", to: "J" },
    { from: "J", to: "G" },
    { from: "G", to: "L", label: "go" },
    { from: "G", to: "X", label: "else" },
    { from: "L", to: "H" },
    { from: "H", to: "E" },
  ],
};

/** A small seeded generator, so a failing sequence of kill moments can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface RunJson {
  run: { id: string; status: string };
  nodes: { id: string; status: string }[];
}

function runToEnd(file: string, dbFile: string): RunJson {
  const r = spawnSync(process.execPath, [wf, "run", file, "--db", dbFile, "--json", "--approve", "all"], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`wf run exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as RunJson;
}

const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : []);

/** The ledger of the one run under `runs`, once it has a workspace. */
const ledgerIn = (runs: string) => {
  const [id] = fs.existsSync(runs) ? fs.readdirSync(runs) : [];
  return path.join(runs, id ?? "none", "ledger");
};

describe("crash recovery under fault injection", () => {
  it("SIGKILLed at 20 random moments of a mixed workflow, it ends as an uninterrupted run; no recorded success runs twice", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-crash20-"));
    const file = path.join(dir, "mixed.json");
    fs.writeFileSync(file, JSON.stringify(template));
    // The reference: the same workflow, never interrupted (its own data folder).
    fs.mkdirSync(path.join(dir, "ref"));
    const reference = runToEnd(file, path.join(dir, "ref", "wf.db"));
    expect(reference.run.status).toBe("succeeded");

    fs.mkdirSync(path.join(dir, "crash"));
    const dbFile = path.join(dir, "crash", "wf.db");
    const runs = path.join(dir, "crash", "runs");
    const seed = Number(process.env.WF_CRASH_SEED) || 20261201;
    const next = random(seed);
    const kills: { doneBefore: Set<string>; ledgerLength: number }[] = [];
    for (let k = 0; k < 20; k++) {
      const before = lines(ledgerIn(runs)).length;
      const child = spawn(process.execPath, [wf, "run", file, "--db", dbFile, "--json", "--approve", "all"], {
        stdio: "ignore",
      });
      const exited = new Promise((r) => child.once("exit", r));
      // A random moment once this process has started a node (or reached a human step).
      let finished = false;
      void exited.then(() => (finished = true));
      while (!finished && lines(ledgerIn(runs)).length === before) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.floor(next() * 600)));
      if (finished) break;
      child.kill("SIGKILL");
      await exited;
      const db = openDatabase(dbFile);
      const [run] = selectRunRows(db);
      const doneBefore = new Set(
        selectNodeRuns(db, run.id)
          .filter((n) => n.status === "done")
          .map((n) => n.nodeId),
      );
      db.$client.close();
      kills.push({ doneBefore, ledgerLength: lines(ledgerIn(runs)).length });
    }
    expect(kills.length, `seed ${seed}`).toBe(20);
    const final = runToEnd(file, dbFile);
    // 1. The same final statuses as the uninterrupted run.
    expect(final.run.status).toBe("succeeded");
    expect(final.nodes.map((n) => [n.id, n.status])).toEqual(reference.nodes.map((n) => [n.id, n.status]));
    // 2. A node whose success was recorded before a kill never started again after it.
    const all = lines(ledgerIn(runs));
    for (const [k, { doneBefore, ledgerLength }] of kills.entries()) {
      const rerun = all.slice(ledgerLength).filter((l) => l.startsWith("S ") && doneBefore.has(l.slice(2)));
      expect(rerun, `after kill ${k + 1} (seed ${seed})`).toEqual([]);
    }
    // 3. Every step did its work.
    for (const n of reference.nodes)
      if (n.status === "done" && !["G", "H"].includes(n.id)) expect(all, n.id).toContain(`E ${n.id}`);
  }, 240_000);
});

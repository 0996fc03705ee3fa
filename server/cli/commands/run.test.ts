import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary } from "@/server/db/template-library";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-run-cli-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, template: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(template));
  return file;
}

const run = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(["node", "wf", "run", ...args], io);
  return {
    code,
    io,
    json: () =>
      JSON.parse(io.stdout.join("")) as {
        run: { status: string };
        nodes: { id: string; status: string; attempts: number; output?: string; error?: string }[];
      },
  };
};

//  A → B ;  A → C (skip on failure) → D
const skipFlow = {
  template_id: "skip-flow",
  name: "Skip flow",
  context_schema: { who: { type: "string", required: true } },
  nodes: [
    { id: "A", name: "Greet", type: "shell", args_template: "echo hi {who}", phase: "one" },
    { id: "B", name: "Shout", type: "shell", args_template: "echo {A.output} | tr a-z A-Z" },
    { id: "C", name: "Flaky", type: "shell", args_template: "exit 3", on_fail: "skip" },
    { id: "D", name: "After", type: "shell", args_template: "echo after" },
  ],
  edges: [
    { from: "A", to: "B" },
    { from: "A", to: "C" },
    { from: "C", to: "D" },
  ],
};

describe("wf run", () => {
  it("--json prints one object with run and node statuses; repeatable --var after the file", async () => {
    // Every --var must be declared (an undeclared one is refused, see below): `unused` is, and nothing reads it.
    const unused = { type: "string", required: false };
    const file = write("skip.json", { ...skipFlow, context_schema: { ...skipFlow.context_schema, unused } });
    const r = await run(file, "--var", "who=ann", "--json", "--var", "unused=1");
    expect(r.code).toBe(0);
    expect(r.io.stdout).toHaveLength(1);
    const out = r.json();
    expect(out.run.status).toBe("succeeded");
    expect(out.nodes.map((n) => [n.id, n.status, n.attempts])).toEqual([
      ["A", "done", 1],
      ["B", "done", 1],
      ["C", "skipped", 1],
      ["D", "skipped", 0],
    ]);
    expect(out.nodes[1].output).toBe("HI ANN");
    const stderr = r.io.stderr.join("\n");
    expect(stderr).toContain("▶ [one] Greet");
    expect(stderr).toContain("▶ [main] Shout  [parallel]");
    expect(stderr).toContain("--- batch complete, evaluating next tasks ---");
    expect(stderr).toContain("⚠️ After skipped — dependency Flaky was skipped.");
  });

  it("the summary lists plain task names; 🎉 only when every task completed", async () => {
    const skipped = (await run(write("skip.json", skipFlow), "--var", "who=ann")).io.stderr.join("\n");
    expect(skipped).toMatch(/✅ Completed {2}\(2\): Greet, Shout\n⚠️ Skipped {4}\(2\): Flaky, After/);
    expect(skipped).not.toContain("🎉");
    const clean = {
      ...skipFlow,
      nodes: skipFlow.nodes.map((n) => (n.id === "C" ? { ...n, args_template: "true" } : n)),
    };
    const ok = (await run(write("ok.json", clean), "--var", "who=ann")).io.stderr.join("\n");
    expect(ok).toContain("🎉 All tasks completed successfully.");
  });

  it("prints the summary block without --json and exits 1 when a node fails", async () => {
    const file = write("fail.json", {
      template_id: "f",
      name: "Fails",
      nodes: [{ id: "X", name: "Boom", type: "shell", args_template: "echo bad >&2; exit 4" }],
    });
    const r = await run(file);
    expect(r.code).toBe(1);
    const stderr = r.io.stderr.join("\n");
    expect(stderr).toContain("❌ [main] Boom — FAILED: exit code 4: bad");
    expect(stderr).toContain("📋 Playbook run complete: Fails");
    expect(stderr).toMatch(/❌ Failed {5}\(1\): Boom — exit code 4: bad/);
  });

  it("a missing required variable is named, exit 1, nothing guessed", async () => {
    const r = await run(write("skip.json", skipFlow), "--json");
    expect(r.code).toBe(1);
    expect(r.io.stderr.join("\n")).toContain("RUN006");
    // --json still prints exactly one object, saying nothing ran.
    expect(r.io.stdout).toHaveLength(1);
    expect(r.json()).toMatchObject({ run: { id: null, status: "failed" }, nodes: [] });
  });

  it("a --var the template does not declare is invalid input: named, exit 1, nothing run or stored", async () => {
    const db = path.join(dir, "runs.db");
    const r = await run(write("skip.json", skipFlow), "--var", "who=ann", "--var", "whom=bob", "--db", db, "--json");
    expect(r.code).toBe(1);
    const err = r.io.stderr.join("\n");
    expect(err).toContain("RUN024");
    expect(err).toContain('variable "whom" is not declared');
    expect(err).toContain("it declares who");
    expect(r.json()).toMatchObject({ run: { id: null, status: "failed" }, nodes: [] });
    const stored = openDatabase(db);
    try {
      expect(stored.$client.prepare("select count(*) as n from runs").get()).toEqual({ n: 0 });
    } finally {
      stored.$client.close();
    }
    expect(fs.existsSync(path.join(dir, "runs"))).toBe(false);
  });

  it("invalid template → diagnostics and exit 1; unreadable file or bad flag value → exit 2; unknown id → exit 1", async () => {
    const bad = write("bad.json", {
      template_id: "b",
      name: "B",
      nodes: [{ id: "A", name: "A", type: "shell" }],
      edges: [{ from: "A", to: "Q" }],
    });
    expect((await run(bad)).code).toBe(1);
    expect((await run(path.join(dir, "missing.json"))).code).toBe(2);
    expect((await run(write("ok.json", skipFlow), "--var", "novalue")).code).toBe(2);
    expect((await run("no-such-template", "--db", path.join(dir, "x.db"))).code).toBe(1);
  });

  it("waits for a person (exit 3), then --answer on the same --db resumes it", async () => {
    //  H (human) → G (gate on H's answer) ─left→ L, ─right→ R
    const file = write("ask.json", {
      template_id: "ask",
      name: "Ask",
      nodes: [
        { id: "H", name: "Pick", type: "human", prompt: "left or right?" },
        { id: "G", name: "Route", type: "gate", condition: "{H.output}" },
        { id: "L", name: "Left", type: "shell", args_template: "echo L" },
        { id: "R", name: "Right", type: "shell", args_template: "echo R" },
      ],
      edges: [
        { from: "H", to: "G" },
        { from: "G", to: "L", label: "left" },
        { from: "G", to: "R", label: "right" },
      ],
    });
    const db = path.join(dir, "ask.db");
    const first = await run(file, "--db", db, "--json");
    expect(first.code).toBe(3);
    expect(first.json().nodes[0].status).toBe("waiting");
    const second = await run(file, "--db", db, "--json", "--answer", "H=right");
    expect(second.code).toBe(0);
    expect(second.json().nodes.map((n) => n.status)).toEqual(["done", "done", "skipped", "done"]);
  });

  it("runs a saved template by id from --db, and --approve all passes checkpoints", async () => {
    const db = path.join(dir, "saved.db");
    const handle = openDatabase(db);
    await createLibrary(sqliteSql(handle)).save({
      template: {
        template_id: "saved",
        name: "Saved",
        nodes: [
          { id: "A", name: "A", type: "shell", args_template: "echo a" },
          { id: "CP", name: "Pause", type: "checkpoint", auto_continue: false },
          { id: "B", name: "B", type: "shell", args_template: "echo b" },
        ],
        edges: [
          { from: "A", to: "CP" },
          { from: "CP", to: "B" },
        ],
      },
    });
    handle.$client.close();
    const r = await run("saved", "--db", db, "--approve", "all", "--json");
    expect(r.code).toBe(0);
    expect(r.json().nodes.map((n) => n.status)).toEqual(["done", "done", "done"]);
  });

  it("a deleted template is refused with a message that says it is deleted", async () => {
    const db = path.join(dir, "deleted.db");
    const handle = openDatabase(db);
    const library = createLibrary(sqliteSql(handle));
    const saved = await library.save({
      template: { template_id: "gone", name: "Gone", nodes: [{ id: "A", name: "A", type: "shell" }], edges: [] },
    });
    await library.delete(saved.id);
    handle.$client.close();
    const r = await run("gone", "--db", db);
    expect(r.code).toBe(1);
    expect(r.io.stderr.join("\n")).toMatch(/"gone" is deleted; restore it/);
  });
});

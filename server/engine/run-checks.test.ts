import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processesOfRun, waitUntil } from "@/server/test-support/process-probe";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { selectEventsAfter } from "@/server/db/run-queries";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

/** Runs one node `A` with the given checks; returns its final state and engine log lines. */
async function runWithChecks(fields: Record<string, unknown>, judge?: (d: string) => boolean) {
  h = createEngineHarness({
    autoDecide: ({ request }) =>
      request.kind === "human" ? { decision: request.prompt === "yes?" ? "approve" : "reject" } : undefined,
    ...(judge ? { judge: async (d) => ({ ok: judge(d), reasoning: "judged" }) } : {}),
  });
  //  A
  const t = buildTemplate()
    .node("A", { args_template: "printf 'hello world' > out.txt; echo done", ...fields })
    .done();
  const { runId } = h.engine.startRun({ template: t });
  const state = await h.engine.settled(runId);
  const logs = selectEventsAfter(h.db, runId, 0)
    .filter((e) => e.type === "node.log")
    .map((e) => (JSON.parse(e.payload) as { text: string }).text.trim());
  return { node: state.nodes.A, run: state, logs };
}

describe("checks", () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["file_exists", { type: "file_exists", path: "out.txt" }, { type: "file_exists", path: "nope.txt" }],
    [
      "file_contains",
      { type: "file_contains", path: "out.txt", pattern: "world" },
      { type: "file_contains", path: "out.txt", pattern: "mars" },
    ],
    [
      "command",
      { type: "command", run: "grep -q hello out.txt", expect_output: "" },
      { type: "command", run: "cat out.txt", expect_output: "mars" },
    ],
    ["human", { type: "human", prompt: "yes?" }, { type: "human", prompt: "no?" }],
    ["agent_confirms", { type: "agent_confirms", description: "good" }, { type: "agent_confirms", description: "bad" }],
  ];
  for (const [type, pass, fail] of cases) {
    it(`${type}: passes, and fails the node with a GATE_FAIL line or a rejection`, async () => {
      const judge = (d: string) => d === "good";
      const ok = await runWithChecks({ checks: [pass] }, judge);
      expect(ok.node.status).toBe("done");
      expect(ok.node.output).toBe("done");
      if (type !== "human") expect(ok.logs.some((l) => l.startsWith("HANDOFF_OK | node=A"))).toBe(true);
      h!.close();
      const bad = await runWithChecks({ checks: [fail] }, judge);
      expect(bad.node.status).toBe("failed");
      if (type !== "human")
        expect(bad.logs.some((l) => l.startsWith("GATE_FAIL | node=A | field=checks[0]."))).toBe(true);
    });
  }

  it("agent_confirms without a provider fails", async () => {
    const r = await runWithChecks({ checks: [{ type: "agent_confirms", description: "x" }] });
    expect(r.node.error).toMatch(/no agent provider/);
  });

  it("on_failure warn continues, skip skips the node", async () => {
    const warn = await runWithChecks({ checks: [{ type: "file_exists", path: "nope", on_failure: "warn" }] });
    expect(warn.node.status).toBe("done");
    expect(warn.logs.some((l) => l.startsWith("GATE_FAIL"))).toBe(true);
    h!.close();
    const skip = await runWithChecks({ checks: [{ type: "file_exists", path: "nope", on_failure: "skip" }] });
    expect(skip.node.status).toBe("skipped");
    expect(skip.run.status).toBe("succeeded");
  });

  it("file_contains is a regular expression, as the validator says: RE2 (linear time), values matched literally", async () => {
    const regex = await runWithChecks({
      checks: [{ type: "file_contains", path: "out.txt", pattern: "^hel+o\\s+w.rld$" }],
    });
    expect(regex.node.status).toBe("done");
    h!.close();
    // A pattern that backtracks exponentially in JavaScript's engine finishes at once in RE2.
    const evil = await runWithChecks({
      args_template: "printf '%s!' $(printf 'a%.0s' $(seq 1 5000)) > out.txt",
      checks: [{ type: "file_contains", path: "out.txt", pattern: "^(a+)+$" }],
    });
    expect(evil.node.error).toMatch(/not found/);
    h!.close();
    // A value in a pattern is literal text: "." must not match any character.
    h = createEngineHarness();
    const t = buildTemplate()
      .vars("dot")
      .node("A", {
        args_template: "printf 'axb' > out.txt",
        checks: [{ type: "file_contains", path: "out.txt", pattern: "a{dot}b" }],
      })
      .done();
    const state = await h.engine.settled(h.engine.startRun({ template: t, variables: { dot: "." } }).runId);
    expect(state.nodes.A.error).toMatch(/pattern "a\{dot\}b" not found/);
  });

  it("a failing precondition stops the node before it runs", async () => {
    const r = await runWithChecks({ preconditions: [{ type: "file_exists", path: "out.txt" }] });
    expect(r.node.status).toBe("failed");
    expect(r.node.error).toMatch(/^precondition preconditions\[0\]\.path/);
    expect(r.logs.some((l) => l.startsWith("GATE_FAIL | node=A | field=preconditions[0].path"))).toBe(true);
  });
});

describe("checks under a timeout", () => {
  it("an agent that never answers and a command that never ends fail their check with RUN034; the command's processes are killed", async () => {
    // The judge hangs until the check's own signal aborts it; it says when that happened.
    let aborted = false;
    h = createEngineHarness({
      judge: (_d, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => {
            aborted = true;
            reject(new Error("aborted"));
          });
        }),
    });
    //  A (agent_confirms precondition that hangs) ;  B (command check that sleeps, pid written first)
    const t = buildTemplate()
      .node("A", {
        args_template: "echo never",
        preconditions: [{ type: "agent_confirms", description: "is it ready?", timeout_s: 0.2 }],
      })
      .node("B", {
        args_template: "echo work",
        checks: [{ type: "command", run: "echo $$ > check.pid; sleep 30", timeout_s: 0.3 }],
      })
      .done();
    const { runId } = h.engine.startRun({ template: t });
    const state = await h.engine.settled(runId);
    expect(state.nodes.A.status).toBe("failed");
    expect(state.nodes.A.error).toContain("did not finish within 0.2s");
    expect(aborted).toBe(true);
    expect(state.nodes.B.status).toBe("failed");
    expect(state.nodes.B.error).toContain("did not finish within 0.3s");
    // The pid a sandboxed check writes is its own namespace's: look for the run's processes from the host.
    expect(fs.existsSync(path.join(h.dir, "runs", runId, "check.pid"))).toBe(true);
    await waitUntil(() => processesOfRun(runId).length === 0);
    expect(processesOfRun(runId)).toEqual([]);
  });
});

/**
 * Human preconditions through the real engine on a SQLite file: the node opens a real approval and
 * waits before any of its work runs; approve runs the same attempt, reject fails it (or skips it when
 * the precondition says `on_failure: skip`); several human preconditions each ask once, under their own
 * ids; an approval still open after a restart is decided as before.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import type { Check } from "@/lib/workflow/model/template-schema";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { DecisionRefusedError } from "./engine-errors";
import { workspacePath } from "@/server/engine/confinement/workspace";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.engine.detach();
  h?.close();
  h = undefined;
});

const pending = () => selectApprovalRows(sqliteSql(h!.db), "pending");
const events = (runId: string) => h!.store.eventsAfter(runId, 0).map((e) => e.event);
/** The marker P's command writes: present only once its work ran. */
const marker = (runId: string) => path.join(workspacePath(path.join(h!.dir, "runs"), runId), "ran.txt");

/** P (a shell node guarded by `preconditions`) → B. */
function guarded(preconditions: Check[]) {
  return buildTemplate()
    .node("P", { args_template: "echo ran > ran.txt; echo ran", preconditions })
    .node("B", { args_template: "echo after" })
    .chain("P", "B")
    .done();
}

describe("human preconditions", () => {
  it("open an approval and the node waits without running; approve runs the same attempt", async () => {
    h = createEngineHarness();
    const { runId } = h.engine.startRun({ template: guarded([{ type: "human", prompt: "deploy now?" }]) });
    const waiting = await h.engine.settled(runId);
    expect([waiting.status, waiting.nodes.P.status, waiting.nodes.B.status]).toEqual(["waiting", "waiting", "pending"]);
    expect(waiting.nodes.P.output).toBeUndefined();
    expect(fs.existsSync(marker(runId))).toBe(false);
    const [row] = await pending();
    expect(row).toMatchObject({ id: `${runId}:P:1.1`, nodeId: "P", kind: "human", stage: "precondition" });
    expect(row.prompt).toBe("deploy now?");
    expect(events(runId).find((e) => e.type === "approval.requested")).toMatchObject({
      nodeId: "P",
      approvalId: row.id,
      request: { stage: "precondition", check: 0 },
    });

    h.engine.decide(row.id, { decision: "approve", by: "ann@x" });
    const done = await h.engine.settled(runId);
    expect([done.status, done.nodes.P.status, done.nodes.P.output, done.nodes.B.status]).toEqual([
      "succeeded",
      "done",
      "ran",
      "done",
    ]);
    // One attempt: the approval continued it, it was not a retry.
    expect(done.nodes.P.attempts).toBe(1);
    expect(fs.readFileSync(marker(runId), "utf8")).toBe("ran\n");
    expect(await selectApprovalRows(sqliteSql(h.db))).toMatchObject([
      { id: row.id, status: "approved", decidedBy: "ann@x" },
    ]);
    // A decision on the closed request is refused.
    expect(() => h!.engine.decide(row.id, { decision: "approve", by: "bob@x" })).toThrow(DecisionRefusedError);
  });

  it("reject fails the node before its work and what depends on it never runs", async () => {
    h = createEngineHarness();
    const { runId } = h.engine.startRun({ template: guarded([{ type: "human", prompt: "deploy now?" }]) });
    await h.engine.settled(runId);
    h.engine.decide((await pending())[0].id, { decision: "reject", comment: "not today", by: "ann@x" });
    const state = await h.engine.settled(runId);
    expect([state.status, state.nodes.P.status, state.nodes.B.status]).toEqual(["failed", "failed", "pending"]);
    expect(state.nodes.P.error).toBe("node P was rejected by a person: not today");
    expect(fs.existsSync(marker(runId))).toBe(false);
    expect(await selectApprovalRows(sqliteSql(h.db))).toMatchObject([{ status: "rejected", comment: "not today" }]);
  });

  it("with on_failure: skip, reject skips the node (its work never runs) and the run goes on", async () => {
    h = createEngineHarness();
    const t = guarded([{ type: "human", prompt: "deploy now?", on_failure: "skip" }]);
    const { runId } = h.engine.startRun({ template: t });
    await h.engine.settled(runId);
    h.engine.decide((await pending())[0].id, { decision: "reject", by: "ann@x" });
    const state = await h.engine.settled(runId);
    expect([state.status, state.nodes.P.status, state.nodes.P.skipReason, state.nodes.B.status]).toEqual([
      "succeeded",
      "skipped",
      "precondition",
      "done",
    ]);
    expect(fs.existsSync(marker(runId))).toBe(false);
  });

  it("two human preconditions ask one after the other under their own ids; each is asked once", async () => {
    h = createEngineHarness();
    const t = guarded([
      { type: "human", prompt: "first?" },
      { type: "command", run: "true" },
      { type: "human", prompt: "second?" },
    ]);
    const { runId } = h.engine.startRun({ template: t });
    await h.engine.settled(runId);
    const [first] = await pending();
    expect(first).toMatchObject({ id: `${runId}:P:1.1`, prompt: "first?" });
    h.engine.decide(first.id, { decision: "approve", by: "ann@x" });
    expect((await h.engine.settled(runId)).status).toBe("waiting");
    const [second] = await pending();
    expect(second).toMatchObject({ id: `${runId}:P:1.2`, prompt: "second?" });
    expect(fs.existsSync(marker(runId))).toBe(false);
    h.engine.decide(second.id, { decision: "approve", by: "ann@x" });
    const done = await h.engine.settled(runId);
    expect([done.status, done.nodes.P.output, done.nodes.P.attempts]).toEqual(["succeeded", "ran", 1]);
    const asked = events(runId).filter((e) => e.type === "approval.requested");
    expect(asked.map((e) => ("approvalId" in e ? e.approvalId : ""))).toEqual([first.id, second.id]);
  });

  it("a precondition approval still open at a restart is decided on the new engine and the node runs", async () => {
    h = createEngineHarness();
    const { runId } = h.engine.startRun({ template: guarded([{ type: "human", prompt: "deploy now?" }]) });
    await h.engine.settled(runId);
    const [row] = await pending();
    h.engine.detach();
    const second = h.restart();
    expect(second.recoverRuns().resumed).toEqual([runId]);
    second.decide(row.id, { decision: "approve", by: "ann@x" });
    const done = await second.settled(runId);
    expect([done.status, done.nodes.P.output]).toEqual(["succeeded", "ran"]);
    second.detach();
  });
});

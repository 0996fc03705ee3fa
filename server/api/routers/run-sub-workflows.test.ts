/**
 * Sub-workflows through the API on a real SQLite file and the server's composition root (children from the
 * library): run.get's parent/child fields and outputs, run.list's parentRunId, the child's approval in the
 * inbox naming both runs, compose.validate against the library.
 */
import { describe, expect, it } from "vitest";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { until } from "@/server/test-support/until";

const db = useRouterTestDb();
const admin = callerAs(db, ["admin"], { email: "ann@team.test" });

const child = {
  template_id: "release",
  name: "Release",
  context_schema: { tag: { type: "string", required: true } },
  outputs: { notes: "{N-002.output}" },
  nodes: [
    { id: "H-001", name: "Sign off", type: "human", prompt: "release {tag}?" },
    { id: "N-002", name: "Notes", type: "shell", args_template: "echo notes for {tag}" },
  ],
  edges: [{ from: "H-001", to: "N-002" }],
};
const parent = (inputs: Record<string, string>) => ({
  template_id: "build-and-release",
  name: "Build and release",
  context_schema: { version: { type: "string", required: true } },
  nodes: [
    { id: "W-001", name: "Release it", type: "workflow", template: "release", inputs },
    { id: "N-003", name: "Announce", type: "shell", args_template: "echo announced {W-001.notes}" },
  ],
  edges: [{ from: "W-001", to: "N-003" }],
});

describe("sub-workflows through the API", () => {
  it("the parent waits while the child's approval is in the inbox (naming both runs), then finishes with its outputs", async () => {
    await admin.template.save({ template: child });
    const { runId } = await admin.run.start({ template: parent({ tag: "v{version}" }), variables: { version: "2" } });
    const inbox = await until(
      () => admin.approval.list({ status: "pending" }),
      (l) => l.items.length === 1,
    );
    const [approval] = inbox.items;
    expect(approval.parentRun).toEqual({ id: runId, name: "Build and release" });
    expect(approval.prompt).toBe("release v2?");
    const waiting = await admin.run.get({ runId });
    const w = waiting.nodes.find((n) => n.id === "W-001")!;
    expect(w).toMatchObject({ status: "waiting", childRunId: approval.runId, child: { done: 0, total: 2 } });
    const children = await admin.run.list({ parentRunId: runId });
    expect(children.items.map((r) => r.id)).toEqual([approval.runId]);
    const childRun = await admin.run.get({ runId: approval.runId });
    expect(childRun.run).toMatchObject({
      parentRunId: runId,
      parentNodeId: "W-001",
      name: "Release",
      startedBy: "ann@team.test",
    });

    await admin.approval.decide({ approvalId: approval.id, decision: "approve" });
    const done = await until(
      () => admin.run.get({ runId }),
      (r) => r.run.status === "succeeded",
    );
    expect(done.nodes.find((n) => n.id === "N-003")!.output).toBe("announced notes for v2");
    expect(done.run.outputs).toEqual({ output: "announced notes for v2" });
    expect((await admin.run.get({ runId: approval.runId })).run.outputs).toEqual({ notes: "notes for v2" });
  });

  it("compose.validate checks a workflow node against the library: a missing required input, an unknown child", async () => {
    await admin.template.save({ template: child });
    const missing = await admin.compose.validate({ template: parent({}) });
    expect(missing.ok).toBe(false);
    expect(missing.diagnostics).toContainEqual(
      expect.objectContaining({ code: "WF107", nodeId: "W-001", field: "inputs" }),
    );
    const unknown = await admin.compose.validate({
      template: { ...parent({ tag: "x" }), nodes: [{ ...parent({}).nodes[0], template: "nope" }] },
    });
    expect(unknown.diagnostics).toContainEqual(expect.objectContaining({ code: "WF106", nodeId: "W-001" }));
    await expect(admin.run.start({ template: parent({}), variables: { version: "1" } })).rejects.toThrow(/WF107|tag/);
  });
});

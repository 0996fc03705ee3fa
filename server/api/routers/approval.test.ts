/**
 * approval.decide and approval.list through the router on a real SQLite file: the decision is the
 * caller's (never the request's `by`), several approvers, self-approval forbidden, and the CONFLICT
 * cases (twice, the same person twice, timed out, cancelled run, a request replaced by a re-run) that change
 * nothing; a human precondition is approve / reject only.
 */
import { describe, expect, it } from "vitest";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { onlyPendingApproval } from "@/server/test-support/pending-approval";
import { until } from "@/server/test-support/until";

const db = useRouterTestDb();

/** Deciders hold the approver role (so another user id than the run's admin owner). */
const as = (email: string) => callerAs(db, ["approver"], { email });
const owner = callerAs(db, ["admin"], { email: "owner@team.test" });

/** Starts `H` (a human task with `fields`) → `B` as owner@team.test and waits for its approval. */
async function startHuman(fields: Record<string, unknown>) {
  const { runId } = await owner.run.start({
    template: {
      template_id: "review",
      name: "Review",
      nodes: [
        { id: "H", name: "Review", type: "human", prompt: "ship?", ...fields },
        { id: "B", name: "After", type: "shell", args_template: "echo after" },
      ],
      edges: [{ from: "H", to: "B" }],
    },
  });
  const approval = await onlyPendingApproval(owner, runId);
  return { runId, approval };
}

const history = (runId: string) => new SqliteRunStore(db().db).eventsAfter(runId, 0).map((e) => e.event);

describe("approval router", () => {
  it("a decision is a label: 16 MiB of it (or of an id, answer or comment) is refused by name, and nothing is decided", async () => {
    const { runId, approval } = await startHuman({});
    const huge = "x".repeat(16 * 1024 * 1024);
    const before = history(runId).length;
    for (const [field, input] of [
      ["decision", { approvalId: approval.id, decision: huge }],
      ["decision", { approvalId: approval.id, decision: "a".repeat(201) }],
      ["approvalId", { approvalId: huge, decision: "approve" }],
      ["answer", { approvalId: approval.id, decision: "approve", answer: huge }],
      ["comment", { approvalId: approval.id, decision: "approve", comment: huge }],
    ] as const) {
      const err: unknown = await as("ann@team.test")
        .approval.decide(input)
        .catch((e: unknown) => e);
      // The zod issue names the field (the API's message then starts with it).
      expect(err, field).toMatchObject({ code: "BAD_REQUEST", cause: { issues: [{ path: [field] }] } });
    }
    expect(history(runId)).toHaveLength(before);
    expect((await owner.approval.list({ runId, status: "pending" })).items).toHaveLength(1);
  });

  it("a human check on a node's output is approve / reject only: the item says stage check, an answer is refused", async () => {
    const { runId } = await owner.run.start({
      template: {
        template_id: "checked",
        name: "Checked",
        nodes: [
          {
            id: "A",
            name: "Draft",
            type: "shell",
            args_template: "echo draft",
            checks: [{ type: "human", prompt: "ok?" }],
          },
        ],
        edges: [],
      },
    });
    const approval = await onlyPendingApproval(owner, runId);
    expect(approval).toMatchObject({ kind: "human", stage: "check", prompt: "ok?" });
    const before = history(runId).length;
    await expect(
      as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve", answer: "something else" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("without an answer") });
    expect(history(runId)).toHaveLength(before);
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve" });
    const done = await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    expect(done.nodes[0]?.output).toBe("draft");
  });

  it("records the caller as who decided (the request's by is ignored) and puts the decision in the run's history", async () => {
    const { runId, approval } = await startHuman({});
    expect(approval).toMatchObject({
      runName: "Review",
      requiredApprovals: 1,
      votes: [],
      timeoutAt: null,
      onTimeout: null,
      allowSelfApproval: true,
    });
    await as("ann@team.test").approval.decide({
      approvalId: approval.id,
      decision: "approve",
      comment: "ship it",
      by: "mallory",
    });
    await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    const [closed] = (await owner.approval.list({ runId })).items;
    expect(closed).toMatchObject({ status: "approved", decidedBy: "ann@team.test", comment: "ship it" });
    expect(closed.votes).toMatchObject([{ by: "ann@team.test", decision: "approve", comment: "ship it" }]);
    expect(history(runId).find((e) => e.type === "decision.given")).toMatchObject({
      by: "ann@team.test",
      comment: "ship it",
    });
    expect((await owner.run.list({})).items[0]).toMatchObject({ id: runId, startedBy: "owner@team.test" });
  });

  it("two required approvers: pending after one, the same person again is CONFLICT, the second closes it", async () => {
    const { runId, approval } = await startHuman({ approvals_required: 2 });
    expect(approval.requiredApprovals).toBe(2);
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve", comment: "1/2" });
    const [still] = (await owner.approval.list({ runId })).items;
    expect(still).toMatchObject({ status: "pending", votes: [{ by: "ann@team.test", comment: "1/2" }] });
    expect((await owner.run.get({ runId })).run.status).toBe("waiting");
    await expect(
      as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already decided") });
    await as("bob@team.test").approval.decide({ approvalId: approval.id, decision: "approve" });
    const done = await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    expect(done.nodes.map((n) => n.status)).toEqual(["done", "done"]);
  });

  it("several approvers must agree: a different option or answer is CONFLICT and changes nothing; the agreed one is the answer", async () => {
    const { runId, approval } = await startHuman({ approvals_required: 2, options: ["ship", "hold"] });
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "ship" });
    const before = history(runId).length;
    for (const other of [{ decision: "hold" }, { decision: "approve" }, { decision: "approve", answer: "hold" }])
      await expect(as("bob@team.test").approval.decide({ approvalId: approval.id, ...other })).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining('ann@team.test chose "ship"'),
      });
    expect(history(runId)).toHaveLength(before);
    expect((await owner.approval.list({ runId })).items[0]).toMatchObject({
      status: "pending",
      votes: [{ by: "ann@team.test" }],
    });
    await as("bob@team.test").approval.decide({ approvalId: approval.id, decision: "ship" });
    const done = await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    expect(done.nodes.find((n) => n.id === "H")?.output).toBe("ship");

    const free = await startHuman({ approvals_required: 2 });
    await as("ann@team.test").approval.decide({ approvalId: free.approval.id, decision: "approve", answer: "v1.2" });
    await expect(
      as("bob@team.test").approval.decide({ approvalId: free.approval.id, decision: "approve", answer: "v1.3" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // A reject still rejects, whatever was chosen before.
    await as("bob@team.test").approval.decide({ approvalId: free.approval.id, decision: "reject", comment: "no" });
    await until(
      () => owner.run.get({ runId: free.runId }),
      (g) => g.run.status === "failed",
    );
  });

  it("a gate asking two approvers for a branch: a different branch is CONFLICT; the agreed branch is taken", async () => {
    const { runId } = await owner.run.start({
      template: {
        template_id: "route",
        name: "Route",
        nodes: [
          { id: "G", name: "Where?", type: "gate", condition: "qa", approvals_required: 2 },
          { id: "S", name: "staging", type: "shell", args_template: "echo s" },
          { id: "P", name: "production", type: "shell", args_template: "echo p" },
        ],
        edges: [
          { from: "G", to: "S", label: "staging" },
          { from: "G", to: "P", label: "production" },
        ],
      },
    });
    const approval = await onlyPendingApproval(owner, runId);
    expect(approval).toMatchObject({ kind: "gate", options: ["staging", "production"] });
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "production" });
    await expect(
      as("bob@team.test").approval.decide({ approvalId: approval.id, decision: "staging" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await as("bob@team.test").approval.decide({ approvalId: approval.id, decision: "production" });
    const done = await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    expect(Object.fromEntries(done.nodes.map((n) => [n.id, n.status]))).toEqual({
      G: "done",
      S: "skipped",
      P: "done",
    });
  });

  it("forbids self-approval when the node says so: FORBIDDEN and nothing changes; someone else may decide", async () => {
    const { runId, approval } = await startHuman({ allow_self_approval: false });
    expect(approval.allowSelfApproval).toBe(false);
    await expect(owner.approval.decide({ approvalId: approval.id, decision: "approve" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await owner.approval.list({ runId })).items[0]).toMatchObject({ status: "pending", votes: [] });
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve" });
    await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
  });

  it("forbid_self_approval: true (the contract's name) refuses the run's starter with FORBIDDEN; another approver decides", async () => {
    const { runId, approval } = await startHuman({ forbid_self_approval: true });
    expect(approval).toMatchObject({ allowSelfApproval: false, forbidSelfApproval: true });
    const before = history(runId).length;
    await expect(owner.approval.decide({ approvalId: approval.id, decision: "approve" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("started the run"),
    });
    expect(history(runId)).toHaveLength(before);
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve" });
    await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
  });

  it("a human node's timeout_s (the contract's name for its wait) times the approval out", async () => {
    const timed = await startHuman({ timeout_s: 0.05, on_timeout: "fail" });
    expect(timed.approval).toMatchObject({ onTimeout: "fail", timeoutAt: expect.any(Number) });
    const done = await until(
      () => owner.run.get({ runId: timed.runId }),
      (g) => g.run.status === "failed",
    );
    expect(done.nodes.find((n) => n.id === "H")?.error).toContain("nobody decided its approval");
  });

  it("a timed-out approval and one of a cancelled run are CONFLICT; a choice not offered is a 400; nothing changes", async () => {
    const timed = await startHuman({ approval_timeout_s: 0.05, on_timeout: "fail" });
    await until(
      () => owner.run.get({ runId: timed.runId }),
      (g) => g.run.status === "failed",
    );
    const before = history(timed.runId).length;
    await expect(
      as("ann@team.test").approval.decide({ approvalId: timed.approval.id, decision: "approve" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("timed out") });
    expect(history(timed.runId)).toHaveLength(before);
    expect((await owner.approval.list({ runId: timed.runId })).items[0]).toMatchObject({
      status: "timed_out",
      onTimeout: "fail",
    });

    const cancelled = await startHuman({});
    await owner.run.cancel({ runId: cancelled.runId });
    await expect(
      as("ann@team.test").approval.decide({ approvalId: cancelled.approval.id, decision: "approve" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("cancelled") });
    expect((await owner.run.get({ runId: cancelled.runId })).run.status).toBe("cancelled");

    await expect(
      as("ann@team.test").approval.decide({ approvalId: "run_x:H:1", decision: "approve" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
  it("deciding a request that was replaced (a re-run asked again) is CONFLICT naming the new one and changes nothing", async () => {
    const { runId, approval: shown } = await startHuman({});
    // Re-run from the waiting node: the card a person already sees is replaced by a new request.
    await owner.run.rerunFrom({ runId, nodeId: "H", confirm: true });
    const fresh = (
      await until(
        () => owner.approval.list({ runId, status: "pending" }),
        (l) => l.items.length === 1 && l.items[0]!.id !== shown.id,
      )
    ).items[0]!;
    expect(fresh.id).not.toBe(shown.id);
    const old = (await owner.approval.list({ runId })).items.find((a) => a.id === shown.id);
    expect(old).toMatchObject({ status: "cancelled", replacedBy: fresh.id });
    const before = history(runId).length;
    await expect(
      as("ann@team.test").approval.decide({ approvalId: shown.id, decision: "approve" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: `approval ${shown.id} was replaced by ${fresh.id} (node H asked again): decide that one`,
    });
    // Nothing changed: no event, the new request still open and undecided, the run still waiting.
    expect(history(runId)).toHaveLength(before);
    expect((await owner.approval.list({ runId, status: "pending" })).items).toMatchObject([
      { id: fresh.id, votes: [], decidedBy: null, replacedBy: null },
    ]);
    expect((await owner.run.get({ runId })).run.status).toBe("waiting");
    // The request shown now is decided as usual; the old one stays refused, saying how the new one closed.
    await as("ann@team.test").approval.decide({ approvalId: fresh.id, decision: "approve" });
    await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    await expect(
      as("bob@team.test").approval.decide({ approvalId: shown.id, decision: "reject" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("that one was already approved") });
  });

  it("a human precondition is approve or reject only: another choice or an answer is a 400 and changes nothing", async () => {
    const { runId } = await owner.run.start({
      template: {
        template_id: "guarded",
        name: "Guarded",
        nodes: [
          {
            id: "A",
            name: "Deploy",
            type: "shell",
            args_template: "echo deployed",
            preconditions: [{ type: "human", prompt: "deploy now?" }],
          },
        ],
        edges: [],
      },
    });
    const approval = await onlyPendingApproval(owner, runId);
    expect(approval).toMatchObject({ kind: "human", stage: "precondition", prompt: "deploy now?", nodeId: "A" });
    const before = history(runId).length;
    for (const bad of [{ decision: "approve", answer: "x" }, { decision: "later" }])
      await expect(as("ann@team.test").approval.decide({ approvalId: approval.id, ...bad })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining("is a precondition of A"),
      });
    expect(history(runId)).toHaveLength(before);
    await as("ann@team.test").approval.decide({ approvalId: approval.id, decision: "approve" });
    const done = await until(
      () => owner.run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    expect(done.nodes[0]).toMatchObject({ status: "done", output: "deployed" });
  });
});

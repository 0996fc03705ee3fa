/**
 * Approvals a team can use, through the real engine on a SQLite file: several distinct approvers,
 * one reject rejects, timeouts on the engine's fake clock (continue / fail, also after a restart),
 * one approval per fan-out branch and per loop iteration, decisions recorded as run events.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { FakeClock } from "@/server/test-support/fake-clock";
import { DecisionRefusedError } from "./engine-errors";
import { openStoreHarness, RUN_STORES, type StoreHarness } from "@/server/test-support/store-harness";

let h: StoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const events = async (runId: string) => (await h!.eventsAfter(runId, 0)).map((e) => e.event);
const pending = () => h!.approvals("pending");

describe.each(RUN_STORES)("approvals (%s store)", (store) => {
  it("needs N distinct approvers: pending after one, the same person twice is refused, the N-th closes it", async () => {
    //  H (human, 2 approvers) → B
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "ship?", approvals_required: 2 })
      .node("B")
      .chain("H", "B")
      .done();
    const { runId } = await h.start({ template: t });
    expect((await h.settled(runId)).status).toBe("waiting");
    const [row] = await pending();
    expect(row).toMatchObject({ requiredApprovals: 2, votes: "[]", allowSelfApproval: true, timeoutAt: null });
    await h.decide(row.id, { decision: "approve", comment: "looks fine", by: "ann@x" });
    expect((await h.settled(runId)).status).toBe("waiting");
    expect(await pending()).toHaveLength(1);
    expect(JSON.parse((await pending())[0].votes)).toMatchObject([
      { by: "ann@x", decision: "approve", comment: "looks fine" },
    ]);
    await expect(h.decide(row.id, { decision: "approve", by: "ann@x" })).rejects.toThrow(DecisionRefusedError);
    await h.decide(row.id, { decision: "approve", comment: "ok", by: "bob@x" });
    const state = await h.settled(runId);
    expect(state.status).toBe("succeeded");
    const [closed] = await h.approvals();
    expect(closed).toMatchObject({ status: "approved", decidedBy: "bob@x", comment: "ok" });
    expect(JSON.parse(closed.votes).map((v: { by: string }) => v.by)).toEqual(["ann@x", "bob@x"]);
    // Both decisions are in the run's history, with who and the comment.
    const given = (await events(runId)).filter((e) => e.type === "decision.given");
    expect(given).toMatchObject([
      { by: "ann@x", comment: "looks fine" },
      { by: "bob@x", comment: "ok" },
    ]);
  });

  it("the CLI's automatic answer (--approve all) stands for every required approver", async () => {
    //  H (human, 3 approvers)
    h = await openStoreHarness(store, { autoDecide: () => ({ decision: "approve" }) });
    const t = buildTemplate().node("H", { type: "human", prompt: "ship?", approvals_required: 3 }).done();
    const { runId } = await h.start({ template: t });
    expect((await h.settled(runId)).status).toBe("succeeded");
    expect(JSON.parse((await h.approvals())[0].votes).map((v: { by: string }) => v.by)).toEqual([
      "auto",
      "auto-2",
      "auto-3",
    ]);
  });

  it("one reject rejects an approval that needed several approvers", async () => {
    //  H (human, 3 approvers) → B
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "ship?", approvals_required: 3 })
      .node("B")
      .chain("H", "B")
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const [row] = await pending();
    await h.decide(row.id, { decision: "approve", by: "ann@x" });
    await h.settled(runId);
    await h.decide(row.id, { decision: "reject", comment: "not now", by: "cy@x" });
    const state = await h.settled(runId);
    expect(state.status).toBe("failed");
    expect(state.nodes.H).toMatchObject({ status: "failed" });
    expect(state.nodes.H.error).toContain("not now");
    expect((await h.approvals())[0]).toMatchObject({ status: "rejected", decidedBy: "cy@x" });
  });

  it.each([
    ["continue", "succeeded", "done"],
    ["fail", "failed", "failed"],
  ] as const)("times out on the engine clock with on_timeout %s", async (onTimeout, runStatus, nodeStatus) => {
    //  H (human, 60 s) → B
    const clock = new FakeClock();
    h = await openStoreHarness(store, { clock });
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "ship?", approval_timeout_s: 60, on_timeout: onTimeout })
      .node("B")
      .chain("H", "B")
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const [row] = await pending();
    expect(row).toMatchObject({ timeoutAt: clock.now() + 60_000, onTimeout });
    clock.advance(59_999);
    expect(await pending()).toHaveLength(1);
    clock.advance(1);
    const state = await h.settled(runId);
    expect(state.status).toBe(runStatus);
    expect(state.nodes.H.status).toBe(nodeStatus);
    if (onTimeout === "fail") expect(state.nodes.H.error).toContain("nobody decided its approval within 60s");
    expect((await h.approvals())[0]).toMatchObject({ status: "timed_out" });
    expect((await events(runId)).some((e) => e.type === "approval.timed-out")).toBe(true);
    await expect(h.decide(row.id, { decision: "approve", by: "late@x" })).rejects.toThrow(DecisionRefusedError);
  });

  it("a timeout is armed again after a restart; a gate that times out with continue takes its else branch", async () => {
    //  G (gate without a value source: a person picks) ─a→ X, ─else→ Y
    const clock = new FakeClock();
    h = await openStoreHarness(store, { clock });
    const t = buildTemplate()
      .node("G", { type: "gate", args_template: "", approval_timeout_s: 30, on_timeout: "continue" })
      .node("X")
      .node("Y")
      .edge("G", "X", "a")
      .edge("G", "Y", "else")
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    expect(await pending()).toHaveLength(1);
    h.detach();
    const second = h.restart({ clock });
    expect((await second.recoverRuns()).resumed).toEqual([runId]);
    clock.advance(30_000);
    const state = await second.settled(runId);
    expect(state.status).toBe("succeeded");
    expect([state.nodes.X.status, state.nodes.Y.status]).toEqual(["skipped", "done"]);
    expect(state.nodes.G.gate).toMatchObject({ value: "else", source: "person" });
    second.detach();
  });

  it("opens one approval per fan-out branch and per loop iteration", async () => {
    //  A → H1, A → H2 (parallel human tasks) → J ;  L (loop ×2, a human check per iteration)
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A")
      .node("H1", { type: "human", prompt: "left?" })
      .node("H2", { type: "human", prompt: "right?" })
      .node("J")
      .node("L", { type: "loop", max_iter: 2, checks: [{ type: "human", prompt: "iteration ok?" }] })
      .edge("A", "H1")
      .edge("A", "H2")
      .edge("H1", "J")
      .edge("H2", "J")
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const first = (await pending()).map((a) => a.nodeId);
    expect(first.sort()).toEqual(["H1", "H2", "L.iter_1"]);
    for (const a of await pending()) await h.decide(a.id, { decision: "approve", by: "ann@x" });
    await h.settled(runId);
    expect((await pending()).map((a) => a.nodeId)).toEqual(["L.iter_2"]);
    await h.decide((await pending())[0].id, { decision: "approve", by: "ann@x" });
    const state = await h.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(new Set((await h.approvals()).map((a) => a.id)).size).toBe(4);
  });

  it("a human task with options captures the answer; a gate without a match asks for a branch", async () => {
    //  H (options) → G (condition {H.output}) ─fast→ F, ─slow→ S
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "speed?", options: ["fast", "slow", "other"] })
      .node("G", { type: "gate", condition: "{H.output}" })
      .node("F")
      .node("S")
      .edge("H", "G")
      .edge("G", "F", "fast")
      .edge("G", "S", "slow")
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const [human] = await pending();
    await expect(h.decide(human.id, { decision: "medium", by: "ann@x" })).rejects.toThrow(DecisionRefusedError);
    await h.decide(human.id, { decision: "other", by: "ann@x" });
    await h.settled(runId);
    const [gate] = await pending();
    expect(gate).toMatchObject({ nodeId: "G", kind: "gate" });
    expect(JSON.parse(gate.options!)).toEqual(["fast", "slow"]);
    await h.decide(gate.id, { decision: "slow", comment: "no rush", by: "bob@x" });
    const state = await h.settled(runId);
    expect(state.nodes.H.output).toBe("other");
    expect([state.nodes.F.status, state.nodes.S.status]).toEqual(["skipped", "done"]);
  });

  it("a cancelled run's approval cannot be decided", async () => {
    //  H
    h = await openStoreHarness(store);
    const t = buildTemplate().node("H", { type: "human", prompt: "?", allow_self_approval: false }).done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const [row] = await pending();
    expect(row.allowSelfApproval).toBe(false);
    await h.cancel(runId);
    await h.settled(runId);
    expect((await h.approvals())[0].status).toBe("cancelled");
    await expect(h.decide(row.id, { decision: "approve", by: "ann@x" })).rejects.toThrow(DecisionRefusedError);
  });
});

describe.each(RUN_STORES)("approvals after a re-run (%s store)", (store) => {
  it("a re-run node asks again under a new id: the earlier row keeps its decision and points at the new one", async () => {
    //  A → H (human)
    h = await openStoreHarness(store);
    const t = buildTemplate().node("A").node("H", { type: "human", prompt: "ok?" }).chain("A", "H").done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const [first] = await pending();
    await h.decide(first.id, { decision: "approve", comment: "first", by: "ann@x" });
    expect((await h.settled(runId)).status).toBe("succeeded");
    await h.rerunFrom(runId, "A", true);
    expect((await h.settled(runId)).status).toBe("waiting");
    const [again] = await pending();
    expect(first.id).toBe(`${runId}:H:1.1`);
    expect(again).toMatchObject({ id: `${runId}:H:1.2`, status: "pending", decidedBy: null, votes: "[]" });
    expect((await h.approvals()).find((r) => r.id === first.id)).toMatchObject({
      status: "approved",
      decidedBy: "ann@x",
      replacedBy: again.id,
    });
    // A decision meant for the earlier request does not decide the new one.
    await expect(h.decide(first.id, { decision: "reject", by: "mallory@x" })).rejects.toThrow(DecisionRefusedError);
    expect(await pending()).toMatchObject([{ id: again.id, votes: "[]" }]);
    await h.decide(again.id, { decision: "approve", comment: "second", by: "bob@x" });
    expect((await h.settled(runId)).status).toBe("succeeded");
    const given = (await events(runId)).filter((e) => e.type === "decision.given");
    expect(given).toMatchObject([{ comment: "first" }, { comment: "second" }]);
  });
});

describe.each(RUN_STORES)("approvals under the contract's names (%s store)", (store) => {
  it("a human node's timeout_s is how long the wait may last: a 30-day wait times out at 30 days, not before", async () => {
    //  H (human, timeout_s 30 days, on_timeout continue, forbid_self_approval) → B
    const clock = new FakeClock();
    h = await openStoreHarness(store, { clock });
    const thirtyDaysMs = 30 * 86_400_000;
    const t = buildTemplate()
      .node("H", {
        type: "human",
        prompt: "ship?",
        timeout_s: 2_592_000,
        on_timeout: "continue",
        forbid_self_approval: true,
      })
      .node("B")
      .chain("H", "B")
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const [row] = await pending();
    expect(row).toMatchObject({
      timeoutAt: clock.now() + thirtyDaysMs,
      onTimeout: "continue",
      allowSelfApproval: false,
    });
    clock.advance(thirtyDaysMs - 1);
    expect(await pending()).toHaveLength(1);
    clock.advance(1);
    const state = await h.settled(runId);
    expect([state.status, state.nodes.H.status, state.nodes.B.status]).toEqual(["succeeded", "done", "done"]);
    expect((await h.approvals())[0]).toMatchObject({ status: "timed_out" });
  });
});

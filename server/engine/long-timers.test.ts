/**
 * Durations past Node's timer limit (~24.8 days) on the real clock: a 30-day approval timeout keeps
 * the person's approval waiting (checked after 2 s of real time; the fake-clock tests in approvals.test.ts
 * check that it does fire at 30 days), a 30-day node timeout does not kill the node; the engine's clock
 * (retry backoff, approval deadlines) arms through the stepped timer.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { MAX_TIMER_DELAY_MS } from "@/server/timers/safe-timeout";
import { realClock } from "./clock";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

const THIRTY_DAYS_S = 30 * 86_400;
let h: EngineHarness | undefined;
afterEach(() => {
  vi.useRealTimers();
  h?.engine.detach();
  h?.close();
  h = undefined;
});

describe("long timers on the real clock", () => {
  it("a 30-day approval (timeout_s: 2592000): still waiting after 2 s of real time, with the right deadline", async () => {
    //  H (human, times out in 30 days) → B
    h = createEngineHarness();
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "ship?", timeout_s: THIRTY_DAYS_S, on_timeout: "continue" })
      .node("B")
      .chain("H", "B")
      .done();
    const before = Date.now();
    const { runId } = h.engine.startRun({ template: t });
    expect((await h.engine.settled(runId)).status).toBe("waiting");
    // Far past the 1 ms at which an overflowing timer would have fired (the one real-time wait here).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const state = h.engine.getState(runId)!;
    expect([state.status, state.nodes.H.status, state.nodes.B.status]).toEqual(["waiting", "waiting", "pending"]);
    expect(state.nodes.H.request?.timeoutAt).toBeGreaterThanOrEqual(before + THIRTY_DAYS_S * 1000);
    const [row] = await selectApprovalRows(sqliteSql(h.db), "pending");
    expect(row).toMatchObject({ nodeId: "H", onTimeout: "continue", timeoutAt: state.nodes.H.request?.timeoutAt });
    // The person's decision still counts.
    h.engine.decide(row.id, { decision: "approve", by: "ann@x" });
    const done = await h.engine.settled(runId);
    expect([done.status, done.nodes.H.status, done.nodes.B.status]).toEqual(["succeeded", "done", "done"]);
    expect((await selectApprovalRows(sqliteSql(h.db)))[0]).toMatchObject({ status: "approved" });
  });

  it("a 30-day node timeout lets the node finish", async () => {
    //  A (shell, timeout_s 30 days)
    h = createEngineHarness();
    const t = buildTemplate().node("A", { args_template: "sleep 0.3; echo finished", timeout_s: THIRTY_DAYS_S }).done();
    const { runId } = h.engine.startRun({ template: t });
    const state = await h.engine.settled(runId);
    expect([state.nodes.A.status, state.nodes.A.output, state.nodes.A.error]).toEqual(["done", "finished", undefined]);
  });

  it("the engine's clock, which arms retry backoffs and approval deadlines, steps a 30-day due time", () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const due = Date.now() + THIRTY_DAYS_S * 1000;
    realClock.setTimer(due, fired);
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS + 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(due - Date.now() - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });
});

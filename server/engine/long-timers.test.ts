/**
 * Durations past Node's timer limit (~24.8 days) on the real clock: a 30-day approval timeout keeps
 * the person's approval waiting, a 30-day node timeout does not kill the node.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

const THIRTY_DAYS_S = 30 * 86_400;
let h: EngineHarness | undefined;
afterEach(() => {
  h?.engine.detach();
  h?.close();
  h = undefined;
});

describe("long timers on the real clock", () => {
  it("a 30-day approval timeout: still waiting after real time passes, with the right deadline", async () => {
    //  H (human, times out in 30 days) → B
    h = createEngineHarness();
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "ship?", approval_timeout_s: THIRTY_DAYS_S, on_timeout: "continue" })
      .node("B")
      .chain("H", "B")
      .done();
    const before = Date.now();
    const { runId } = h.engine.startRun({ template: t });
    expect((await h.engine.settled(runId)).status).toBe("waiting");
    // Past the 1 ms at which an overflowing timer would have fired.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const state = h.engine.getState(runId)!;
    expect([state.status, state.nodes.H.status, state.nodes.B.status]).toEqual(["waiting", "waiting", "pending"]);
    expect(state.nodes.H.request?.timeoutAt).toBeGreaterThanOrEqual(before + THIRTY_DAYS_S * 1000);
  });

  it("a 30-day node timeout lets the node finish", async () => {
    //  A (shell, timeout_s 30 days)
    h = createEngineHarness();
    const t = buildTemplate().node("A", { args_template: "sleep 0.3; echo finished", timeout_s: THIRTY_DAYS_S }).done();
    const { runId } = h.engine.startRun({ template: t });
    const state = await h.engine.settled(runId);
    expect([state.nodes.A.status, state.nodes.A.output, state.nodes.A.error]).toEqual(["done", "finished", undefined]);
  });
});

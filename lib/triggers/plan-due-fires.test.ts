/** Misfire policies: which due fires start and which are recorded missed, with the grace period. */
import { describe, expect, it } from "vitest";
import { MISFIRE_GRACE_MS, RUN_ALL_MAX, planDueFires } from "./plan-due-fires";

const S = 1000;
const now = 1_000_000 * S;
/** Fire times every 2 s, the last one `lastAgo` ms before now. */
const due = (n: number, lastAgo = 0) => Array.from({ length: n }, (_, i) => now - lastAgo - (n - 1 - i) * 2 * S);
const actions = (plan: ReturnType<typeof planDueFires>) => plan.map((p) => p.action);

describe("planDueFires", () => {
  it("one fire on time starts under every policy", () => {
    for (const policy of ["skip", "run_once", "run_all"] as const)
      expect(planDueFires([now - 10], now, policy)).toEqual([{ scheduledFor: now - 10, action: "start" }]);
    expect(planDueFires([], now, "run_once")).toEqual([]);
  });

  it("skip: every fire passed over is missed; an on-time latest starts", () => {
    expect(actions(planDueFires(due(4), now, "skip"))).toEqual(["missed", "missed", "missed", "start"]);
    // The latest is older than the grace: it is a misfire too.
    const old = planDueFires(due(3, MISFIRE_GRACE_MS + 1), now, "skip");
    expect(actions(old)).toEqual(["missed", "missed", "missed"]);
    expect(old[0]!.reason).toMatch(/misfire: skip/);
  });

  it("run_once: only the latest starts (late or not), the rest are missed", () => {
    expect(actions(planDueFires(due(5), now, "run_once"))).toEqual(["missed", "missed", "missed", "missed", "start"]);
    const late = planDueFires(due(1, 60 * S), now, "run_once");
    expect(late).toEqual([{ scheduledFor: now - 60 * S, action: "start", reason: "misfire caught up (60 s late)" }]);
  });

  it(`run_all: the latest ${RUN_ALL_MAX} start oldest first, older ones are missed`, () => {
    const plan = planDueFires(due(13), now, "run_all");
    expect(actions(plan)).toEqual([...Array(3).fill("missed"), ...Array(RUN_ALL_MAX).fill("start")]);
    expect(plan.map((p) => p.scheduledFor)).toEqual(due(13));
    expect(plan[0]!.reason).toMatch(/at most 10/);
    expect(plan.at(-1)!.reason).toBeUndefined();
    expect(plan.at(-2)!.reason).toMatch(/caught up/);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { ATTEMPT_STEPS } from "./run-node";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

/** Every step of an attempt, plus the second workspace listing (after the executor) and the write. */
const FAULTS: { step: string; occurrence: number }[] = [
  ...ATTEMPT_STEPS.map((step) => ({ step, occurrence: 1 })),
  { step: "workspace listing", occurrence: 2 },
  { step: "writing the result", occurrence: 1 },
];

describe("no stuck node: a throw at any step of an attempt fails it and frees its slot", () => {
  for (const fault of FAULTS) {
    it(`${fault.step}${fault.occurrence > 1 ? ` (#${fault.occurrence})` : ""}`, async () => {
      let seen = 0;
      h = createEngineHarness({
        // One slot for everything: B can only start once A's slot is freed.
        concurrency: { global: 1 },
        onAttemptStep: ({ nodeId, step }) => {
          if (nodeId === "A" && step === fault.step && ++seen === fault.occurrence) throw new Error(`boom at ${step}`);
        },
      });
      //  run 1: A (every step in use)      run 2: B
      const a = buildTemplate()
        .node("A", {
          args_template: "true",
          preconditions: [{ type: "command", run: "true" }],
          checks: [{ type: "command", run: "true" }],
          forbids_files: ["*.pem"],
        })
        .done();
      const b = buildTemplate().node("B").done();
      const first = h.engine.startRun({ template: a });
      const second = h.engine.startRun({ template: b });
      const [s1, s2] = await Promise.all([h.engine.settled(first.runId), h.engine.settled(second.runId)]);
      expect(s1.nodes.A).toMatchObject({ status: "failed", error: expect.stringContaining(`boom at ${fault.step}`) });
      expect(s1.nodes.A.error).toContain(`the ${fault.step} step failed`);
      expect(s1.status).toBe("failed");
      expect(s2.nodes.B.status).toBe("done");
      // What a restart would read: the failure is stored, nothing is left running.
      expect(h.store.loadRun(first.runId)?.state.nodes.A.status).toBe("failed");
    });
  }
});

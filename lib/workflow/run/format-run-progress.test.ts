import { describe, expect, it } from "vitest";
import { formatRunSummary } from "./format-run-progress";
import { simulateRun } from "@/lib/workflow/test-support/simulate-run";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";

describe("formatRunSummary", () => {
  it("a cancelled run lists what it stopped and what never ran, and claims no success", () => {
    const t = buildTemplate()
      .node("A")
      .node("H", { type: "human", prompt: "ok?" })
      .node("C")
      .chain("A", "H", "C")
      .done();
    const sim = simulateRun(t, {
      outcome: (id) => (id === "H" ? { wait: { kind: "human", prompt: "ok?" } } : undefined),
    });
    expect(sim.state.nodes.H.status).toBe("waiting");
    sim.send({ type: "run.cancelled", at: 1, reason: "stopped by a person" });
    const summary = formatRunSummary(sim.spec, sim.state, "Demo");
    const statuses = Object.fromEntries(Object.entries(sim.state.nodes).map(([id, n]) => [id, n.status]));
    expect(summary).toContain("✅ Completed  (1): ");
    expect(summary).toMatch(/⏹️ Cancelled {2}\(\d\): /);
    const listed = [...summary.matchAll(/\((\d+)\)/g)].reduce((n, m) => n + Number(m[1]), 0);
    // Every node appears in exactly one line.
    expect(listed, JSON.stringify(statuses)).toBe(3);
    expect(summary).not.toContain("All tasks completed");
  });

  it("a run that completed has only the standard lines", () => {
    const t = buildTemplate().node("A").node("B").chain("A", "B").done();
    const summary = formatRunSummary(simulateRun(t).spec, simulateRun(t).state, "Demo");
    expect(summary).toContain("✅ Completed  (2): ");
    expect(summary).not.toMatch(/Cancelled|Not run/);
    expect(summary).toContain("🎉 All tasks completed successfully.");
  });
});

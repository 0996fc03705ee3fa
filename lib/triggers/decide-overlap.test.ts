/** Overlap policies against the trigger's previous run, waiting included. */
import { describe, expect, it } from "vitest";
import { decideOverlap } from "./decide-overlap";

const running = { runId: "run_1", status: "running" };
const waiting = { runId: "run_1", status: "waiting" };
const done = { runId: "run_1", status: "succeeded" };

describe("decideOverlap", () => {
  it("no previous run, or a finished one: every policy starts", () => {
    for (const p of ["skip", "allow", "queue", "cancel_previous"] as const) {
      expect(decideOverlap(p, undefined, false)).toEqual({ action: "start" });
      expect(decideOverlap(p, done, false)).toEqual({ action: "start" });
    }
  });

  it("an active previous run (waiting for a person counts)", () => {
    expect(decideOverlap("skip", waiting, false)).toEqual({
      action: "skip",
      reason: "the previous run run_1 is still waiting",
    });
    expect(decideOverlap("allow", running, false)).toEqual({ action: "start" });
    expect(decideOverlap("queue", running, false)).toEqual({ action: "queue" });
    expect(decideOverlap("cancel_previous", running, false)).toEqual({ action: "cancel-previous", runId: "run_1" });
  });

  it("while a fire already waits, later ones are skipped (allow never waits)", () => {
    expect(decideOverlap("queue", running, true)).toMatchObject({ action: "skip", reason: /already waits/ });
    expect(decideOverlap("cancel_previous", running, true)).toMatchObject({ action: "skip" });
    expect(decideOverlap("allow", running, true)).toEqual({ action: "start" });
  });
});

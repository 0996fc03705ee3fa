import { describe, expect, it } from "vitest";
import { compareRuns } from "./compare-runs";

describe("compareRuns", () => {
  it("lists status, attempts, duration and output per node and which changed", () => {
    const a = [
      { id: "A", status: "done", attempts: 1, startedAt: 0, finishedAt: 1000, output: "x" },
      { id: "B", status: "failed", attempts: 2, startedAt: 0, finishedAt: 100 },
      { id: "L.iter_1", status: "done", attempts: 1, startedAt: 0, finishedAt: 10_000, output: "1" },
    ];
    const b = [
      { id: "A", status: "done", attempts: 1, startedAt: 5, finishedAt: 1200, output: "y" },
      { id: "B", status: "done", attempts: 1, startedAt: 0, finishedAt: 90, output: "" },
      { id: "L.iter_1", status: "done", attempts: 1, startedAt: 0, finishedAt: 30_000, output: "1" },
      { id: "C", status: "done", attempts: 1, startedAt: null, finishedAt: null },
    ];
    expect(compareRuns(a, b).nodes).toEqual([
      {
        id: "A",
        a: { status: "done", attempts: 1, durationMs: 1000, output: "x" },
        b: { status: "done", attempts: 1, durationMs: 1195, output: "y" },
        changed: ["output"],
      },
      {
        id: "B",
        a: { status: "failed", attempts: 2, durationMs: 100 },
        b: { status: "done", attempts: 1, durationMs: 90, output: "" },
        changed: ["status", "attempts"],
      },
      {
        id: "L.iter_1",
        a: { status: "done", attempts: 1, durationMs: 10_000, output: "1" },
        b: { status: "done", attempts: 1, durationMs: 30_000, output: "1" },
        changed: ["durationMs"],
      },
      {
        id: "C",
        a: { status: "absent", attempts: 0 },
        b: { status: "done", attempts: 1 },
        changed: ["status", "attempts"],
      },
    ]);
  });

  it("two identical runs change nothing", () => {
    const n = [{ id: "A", status: "done", attempts: 1, startedAt: 0, finishedAt: 10, output: "o" }];
    expect(compareRuns(n, n).nodes[0].changed).toEqual([]);
  });
});

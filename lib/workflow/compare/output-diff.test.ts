import { describe, expect, it } from "vitest";
import { changesByTemplateNode } from "./changes-by-template-node";
import { outputDiff } from "./output-diff";

describe("outputDiff", () => {
  it("marks kept, removed and added lines in order", () => {
    const { lines, cut } = outputDiff("total 10\nrows 3\nok\n", "total 12\nrows 3\nok\nwarning: late\n");
    expect(cut).toBe(0);
    expect(lines).toEqual([
      { kind: "removed", text: "total 10" },
      { kind: "added", text: "total 12" },
      { kind: "same", text: "rows 3" },
      { kind: "same", text: "ok" },
      { kind: "added", text: "warning: late" },
    ]);
  });

  it("says how many lines it cut", () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`).join("\n");
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`).join("\n");
    const { lines, cut } = outputDiff(a, b, 30);
    expect(lines).toHaveLength(30);
    expect(cut).toBe(70);
  });

  it("reads an empty output as no lines", () => {
    expect(outputDiff("", "x").lines).toEqual([{ kind: "added", text: "x" }]);
  });
});

describe("changesByTemplateNode", () => {
  it("folds a loop's iterations onto the loop and keeps each field once", () => {
    const side = { status: "done", attempts: 1 };
    const changes = changesByTemplateNode(
      [
        { id: "L.iter_0", a: side, b: side, changed: ["output"] },
        { id: "L.iter_1", a: side, b: side, changed: ["output", "status"] },
        { id: "N-001", a: side, b: side, changed: [] },
      ],
      (id) => (id.startsWith("L.") ? "L" : id),
    );
    expect(changes).toEqual({ L: ["output", "status"], "N-001": [] });
  });
});

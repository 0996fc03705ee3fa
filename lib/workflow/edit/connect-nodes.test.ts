import { describe, expect, it } from "vitest";
import { connectNodes, connectionRefusal, findPath } from "./connect-nodes";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";

//   A → B → C     D
const abc = () => graph("abc").chain("A", "B", "C").node("D").build();

describe("connectNodes", () => {
  it("adds an edge, with a label when given", () => {
    const t = connectNodes(abc(), "C", "D", "yes");
    expect(t.edges.at(-1)).toEqual({ from: "C", to: "D", label: "yes" });
    expect(validateTemplate(t).diagnostics.filter((d) => d.code === "WF030")).toEqual([]);
  });

  it("refuses a cycle and names every node on it", () => {
    const refusal = connectionRefusal(abc(), "C", "A");
    expect(refusal).toMatchObject({ reason: "cycle", cycle: ["A", "B", "C", "A"] });
    expect(refusal?.message).toContain("A → B → C → A");
    expect(() => connectNodes(abc(), "C", "A")).toThrow(RangeError);
  });

  it("refuses self-loops, repeated edges and unknown nodes", () => {
    expect(connectionRefusal(abc(), "A", "A")?.reason).toBe("self");
    expect(connectionRefusal(abc(), "A", "B")?.reason).toBe("duplicate");
    expect(connectionRefusal(abc(), "A", "Z")?.reason).toBe("missing");
    expect(connectionRefusal(abc(), "A", "C")).toBeNull();
  });

  it("findPath returns the shortest path or null", () => {
    expect(findPath(abc(), "A", "C")).toEqual(["A", "B", "C"]);
    expect(findPath(abc(), "C", "A")).toBeNull();
  });
});

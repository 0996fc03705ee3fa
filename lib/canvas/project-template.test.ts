import { describe, expect, it } from "vitest";
import { updateNode } from "@/lib/workflow/edit/update-node";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { autoLayout } from "./auto-layout";
import { createTemplateProjector, type WorkflowFlowNode } from "./project-template";

//   A → B → C      (A and B in parallel group "g")
const template = () =>
  autoLayout(
    graph("projection")
      .node("A", { parallel_group: "g", phase: "plan" })
      .node("B", { parallel_group: "g" })
      .chain("A", "B", "C")
      .edge("A", "C", "x")
      .build(),
  );

describe("createTemplateProjector", () => {
  it("projects nodes with their type, problems and phase, edges with labels, and a frame per parallel group", () => {
    const project = createTemplateProjector();
    const { nodes, edges } = project(template(), { problems: new Map([["B", "error"]]) });
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(byId.get("frame:g")?.type).toBe("frame");
    const b = byId.get("B") as WorkflowFlowNode;
    expect(b.domAttributes).toMatchObject({ "data-type": "skill", "data-problem": "error" });
    expect((byId.get("A") as WorkflowFlowNode).data.phaseColour).toBeDefined();
    expect(edges.find((e) => e.id === "A->C")?.label).toBe("x");
  });

  it("after an edit only the changed node and nothing else is a new object", () => {
    const project = createTemplateProjector();
    const t = template();
    const first = project(t);
    const edited = updateNode(t, "B", { name: "Renamed" });
    const second = project(edited);
    const same = (id: string) => first.nodes.find((n) => n.id === id) === second.nodes.find((n) => n.id === id);
    expect(same("A")).toBe(true);
    expect(same("C")).toBe(true);
    expect(same("B")).toBe(false);
    expect(second.edges.every((e, i) => e === first.edges[i])).toBe(true);
    const selected = project(edited, { selectedNodes: new Set(["C"]) });
    expect(selected.nodes.find((n) => n.id === "C")?.selected).toBe(true);
    expect(selected.nodes.find((n) => n.id === "A")).toBe(second.nodes.find((n) => n.id === "A"));
  });
});

import { describe, expect, it } from "vitest";
import { copyNodes, parseClipboardText, pasteNodes } from "./clipboard-nodes";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";

//   N-001 → N-002 → N-003     (N-002 reads {N-001.output} and {goal})
const source = () =>
  graph("source")
    .node("N-001", { type: "shell", args_template: "echo {goal}", position: { x: 0, y: 0 } })
    .node("N-002", { type: "shell", args_template: "cat {N-001.output}", position: { x: 300, y: 0 } })
    .chain("N-001", "N-002", "N-003")
    .vars("goal")
    .build();

describe("copy and paste of nodes", () => {
  it("copies the nodes, the edges among them and the variables they use, as a valid template", () => {
    const clip = copyNodes(source(), ["N-001", "N-002"]);
    expect(clip.nodes.map((n) => n.id)).toEqual(["N-001", "N-002"]);
    expect(clip.edges).toEqual([{ from: "N-001", to: "N-002" }]);
    expect(Object.keys(clip.context_schema)).toEqual(["goal"]);
    expect(validateTemplate(clip).ok).toBe(true);
  });

  it("pasting into the same template renames clashing ids and rewrites references and edges", () => {
    const t = source();
    const clip = parseClipboardText(JSON.stringify(copyNodes(t, ["N-001", "N-002"])));
    if (!clip.ok) throw new Error(clip.message);
    const { template, ids } = pasteNodes(t, clip.template, { x: 40, y: 40 });
    expect(ids).toEqual(["N-004", "N-005"]);
    const pasted = template.nodes.find((n) => n.id === "N-005");
    expect(pasted?.args_template).toBe("cat {N-004.output}");
    expect(pasted?.position).toEqual({ x: 340, y: 40 });
    expect(template.edges.at(-1)).toEqual({ from: "N-004", to: "N-005" });
    expect(validateTemplate(template).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("pasting into another template keeps free ids and adds missing variables", () => {
    const other = graph("other").node("X").build();
    const { template, ids } = pasteNodes(other, copyNodes(source(), ["N-001"]));
    expect(ids).toEqual(["N-001"]);
    expect(template.context_schema.goal).toBeDefined();
  });

  it("refuses clipboard text that is not template JSON, saying why", () => {
    expect(parseClipboardText("hello")).toMatchObject({ ok: false });
    expect(parseClipboardText("[1,2]")).toMatchObject({ ok: false });
    const bad = parseClipboardText(JSON.stringify({ nodes: [{ id: "A", type: "nope", name: "A" }] }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain("nodes[0]");
    expect(parseClipboardText(JSON.stringify({ nodes: [{ id: "A", type: "shell", name: "A" }] })).ok).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { exportWorkflow } from "./export-workflow";
import { importWorkflow } from "./import-workflow";
import { equalJson, keepUnchangedParts } from "./keep-unchanged-parts";

function draft(): Template {
  const parsed = parseTemplate({
    template_id: "wft-keep",
    name: "Keep",
    nodes: ["A", "B", "C"].map((id, i) => ({
      id,
      name: id,
      type: "shell",
      args_template: `echo ${id}`,
      position: { x: i * 100, y: 0 },
    })),
    edges: [
      { from: "A", to: "B" },
      { from: "B", to: "C" },
    ],
  });
  if (!parsed.ok) throw new Error("bad fixture");
  return parsed.template;
}

/** The draft through its own Mermaid text, with `edit` applied to the text. */
function reimport(t: Template, edit: (text: string) => string = (s) => s): Template {
  const r = importWorkflow({ filename: "draft.mmd", text: edit(exportWorkflow(t, "mermaid")) });
  if (!r.template) throw new Error(JSON.stringify(r.diagnostics));
  return r.template;
}

describe("keepUnchangedParts", () => {
  it("gives back the draft itself when the text imports to the same template", () => {
    const d = draft();
    expect(keepUnchangedParts(reimport(d), d)).toBe(d);
  });

  it("keeps the draft's objects for untouched nodes and edges, positions by id", () => {
    const d = draft();
    const next = keepUnchangedParts(
      reimport(d, (s) => s.replace('B["B|type=shell"]', 'B["Bee|type=shell"]')),
      d,
    );
    expect(next).not.toBe(d);
    expect(next.nodes[0]).toBe(d.nodes[0]);
    expect(next.nodes[2]).toBe(d.nodes[2]);
    expect(next.nodes[1]).toMatchObject({ id: "B", name: "Bee", position: { x: 100, y: 0 } });
    expect(next.edges[0]).toBe(d.edges[0]);
    expect(next.edges[1]).toBe(d.edges[1]);
  });

  it("a changed template field alone makes a new template with the same node objects", () => {
    const d = draft();
    const next = keepUnchangedParts({ ...reimport(d), name: "Renamed" }, d);
    expect(next.name).toBe("Renamed");
    expect(next.nodes.every((n, i) => n === d.nodes[i])).toBe(true);
  });

  it("equalJson ignores key order and undefined members", () => {
    expect(equalJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(equalJson({ a: 1 }, { a: 1, b: 0 })).toBe(false);
    expect(equalJson([1, 2], [2, 1])).toBe(false);
    expect(equalJson(null, {})).toBe(false);
  });
});

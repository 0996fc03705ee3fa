/** validateWorkflow places the model's diagnostics at the file's line/column, not the field's. */
import { describe, expect, it } from "vitest";
import { validateWorkflow } from "./validate-workflow";

describe("validateWorkflow positions", () => {
  it("an unknown reference in a prompt points at that field's line in the JSON file", () => {
    // A (alone, uses {nope})
    const text = [
      "{",
      '  "template_id": "t",',
      '  "name": "x",',
      '  "nodes": [',
      '    {"id": "A", "name": "A", "type": "shell", "args_template": "echo {nope}"}',
      "  ],",
      '  "edges": []',
      "}",
    ].join("\n");
    const v = validateWorkflow({ filename: "t.json", text });
    const d = v.diagnostics.find((x) => x.code === "WF052")!;
    expect(d).toMatchObject({ nodeId: "A", field: "args_template", line: 5 });
    expect(d.column).toBeGreaterThan(50);
  });

  it("in a Mermaid file it points at the node", () => {
    // A ──▶ B("Use {nope}")
    const v = validateWorkflow({ filename: "f.mmd", text: 'flowchart TD\n\n  A --> B\n  B["Use {nope}"]' });
    expect(v.diagnostics.find((x) => x.code === "WF052")).toMatchObject({ nodeId: "B", line: 3 });
  });

  it("passes a child lookup on: a missing child is WF106 at the workflow node's line", () => {
    const text = "flowchart TD\n  A[Build] --> W[Deploy|type=workflow|template=release-flow]\n";
    expect(validateWorkflow({ filename: "p.mmd", text }).diagnostics.map((d) => d.code)).not.toContain("WF106");
    const v = validateWorkflow({ filename: "p.mmd", text }, { children: () => undefined });
    expect(v.ok).toBe(false);
    expect(v.diagnostics.find((x) => x.code === "WF106")).toMatchObject({ nodeId: "W", field: "template", line: 2 });
  });
});

/** importWorkflow dispatch, template JSON positions, exportWorkflow formats. */
import { describe, expect, it } from "vitest";
import { exportWorkflow } from "./export-workflow";
import { importWorkflow } from "./import-workflow";
import { validateWorkflow } from "./validate-workflow";

const TEMPLATE = `{
  "template_id": "wft-two",
  "name": "Two",
  "nodes": [
    { "id": "a", "name": "A", "type": "shell", "args_template": "echo hi" },
    { "id": "b", "name": "B", "type": "agent", "args_template": "go" }
  ],
  "edges": [{ "from": "a", "to": "b" }]
}`;

describe("importWorkflow", () => {
  it("dispatches by extension, case-insensitively", () => {
    expect(importWorkflow({ filename: "t.JSON", text: TEMPLATE }).template?.name).toBe("Two");
    expect(importWorkflow({ filename: "dir/flow.mermaid", text: "graph LR\n A --> B" }).template?.name).toBe("flow");
    expect(importWorkflow({ filename: "f.mmd", text: "graph LR\n A --> B" }).template?.template_id).toBe("wft-f");
    expect(importWorkflow({ filename: "p.yml", text: "name: p\ndescription: d\ntasks: []\n" }).template?.nodes).toEqual(
      [],
    );
  });

  it("ignores a UTF-8 byte-order mark", () => {
    expect(importWorkflow({ filename: "t.json", text: "\ufeff" + TEMPLATE }).template?.name).toBe("Two");
    expect(importWorkflow({ filename: "f.mmd", text: "\ufeffgraph LR\n A --> B" }).diagnostics).toEqual([]);
  });

  it("an unknown extension is FMT001", () => {
    expect(importWorkflow({ filename: "notes.txt", text: "" }).diagnostics.map((d) => d.code)).toEqual(["FMT001"]);
  });

  it("JSON syntax errors carry line and column", () => {
    const missingColon = importWorkflow({ filename: "t.json", text: '{\n  "name" "x"\n}' });
    expect(missingColon.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["JS001@2:10"]);
    const r = importWorkflow({ filename: "t.json", text: '{\n  "name": "x",\n  "nodes": [1,]\n}' });
    expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["JS001@3:15"]);
  });

  it("schema errors keep their JSON path and gain the line of the value", () => {
    const r = importWorkflow({ filename: "t.json", text: TEMPLATE.replace('"type": "agent"', '"type": "robot"') });
    expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column} ${d.path}`)).toEqual(["WF001@6:39 nodes[1].type"]);
    expect(r.template).toBeUndefined();
  });
});

describe("validateWorkflow", () => {
  it("adds the model validator's diagnostics, placed on the node's line", () => {
    // a ──▶ b ──▶ a   (a cycle)
    const text = "flowchart LR\n  a --> b\n  b --> a";
    const v = validateWorkflow({ filename: "c.mmd", text });
    expect(v.ok).toBe(false);
    const cycle = v.diagnostics.find((d) => d.nodeId !== undefined && d.severity === "error");
    expect(cycle?.line).toBe(2);
  });

  it("reports the mode (simple or advanced)", () => {
    expect(validateWorkflow({ filename: "s.mmd", text: "flowchart LR\n  a --> b" }).mode).toBe("simple");
    expect(validateWorkflow({ filename: "s.mmd", text: "flowchart LR\n  a{g} -->|x| b\n  a -->|y| c" }).mode).toBe(
      "advanced",
    );
  });

  it("JSON that fails the schema still gets the graph rules, each error once", () => {
    const v = validateWorkflow({ filename: "t.json", text: TEMPLATE.replace('"type": "agent"', '"type": "robot"') });
    const schema = v.diagnostics.filter((d) => d.code === "WF001");
    expect(schema).toHaveLength(1);
    expect(schema[0].line).toBe(6);
  });
});

describe("exportWorkflow", () => {
  const t = importWorkflow({ filename: "t.json", text: TEMPLATE }).template!;
  it("json is the template object", () => expect(JSON.parse(exportWorkflow(t, "json"))).toEqual(t));
  it("mermaid and yaml read back to the same nodes and edges", () => {
    for (const [format, ext] of [
      ["mermaid", "mmd"],
      ["yaml", "yaml"],
    ] as const) {
      const back = importWorkflow({ filename: `t.${ext}`, text: exportWorkflow(t, format) }).template!;
      expect(back.nodes.map((n) => `${n.id}:${n.type}:${n.name}`)).toEqual(["a:shell:A", "b:agent:B"]);
      expect(back.edges).toEqual([{ from: "a", to: "b" }]);
    }
  });
  it("ascii is the pipeline rendering", () => expect(exportWorkflow(t, "ascii")).toContain("Two"));
});

describe("phases as plain names", () => {
  it("template JSON (and every other template read) accepts them as { name }", () => {
    const raw = { ...JSON.parse(TEMPLATE), phases: ["plan", { name: "build", description: "b" }] };
    raw.nodes[0].phase = "plan";
    const r = validateWorkflow({ filename: "t.json", text: JSON.stringify(raw) });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.template?.phases).toEqual([{ name: "plan" }, { name: "build", description: "b" }]);
    const mermaid = importWorkflow({ filename: "t.mmd", text: exportWorkflow(r.template!, "mermaid") }).template!;
    expect(mermaid.phases?.map((p) => p.name)).toEqual(["plan", "build"]);
  });
});

/**
 * An unknown node or template field is a warning that names it and suggests the nearest known name,
 * so a misspelt safety setting is never dropped in silence; a field of another node type says which
 * types read it; known extensions (the CLI node fields of docs/model.md, an agent's prompt, a playbook task's
 * capability, the editor's position, a JSON editor's $schema, anything inside metadata) stay quiet.
 */
import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { validateTemplate } from "./validate-template";
import { editDistance, nearestName } from "./nearest-name";

const warnings = (t: unknown) =>
  validateTemplate(t)
    .diagnostics.filter((d) => ["WF096", "WF097", "WF099"].includes(d.code))
    .map((d) => ({ code: d.code, nodeId: d.nodeId, field: d.field, message: d.message }));

describe("unknown fields", () => {
  it("name a misspelt node field and suggest the nearest known one", () => {
    const t = graph()
      .node("H", { type: "human", prompt: "ok?", forbid_self_aproval: true, timout_s: 60 })
      .node("B", { type: "shell", args_template: "true" })
      .chain("H", "B")
      .build();
    const w = warnings(t);
    expect(w).toMatchObject([
      { code: "WF096", nodeId: "H", field: "forbid_self_aproval" },
      { code: "WF096", nodeId: "H", field: "timout_s" },
    ]);
    expect(w[0].message).toContain(`did you mean "forbid_self_approval"`);
    expect(w[1].message).toContain(`did you mean "timeout_s"`);
  });

  it("say which node types read a field written on another type", () => {
    const t = graph().node("A", { type: "shell", args_template: "true", condition: "{x}" }).build();
    expect(warnings(t)).toMatchObject([{ code: "WF097", nodeId: "A", field: "condition" }]);
    expect(warnings(t)[0].message).toContain("only gate nodes");
  });

  it("name an unknown template field with a suggestion", () => {
    const t = { ...graph().node("A").build(), exection_mode: "serial" };
    expect(warnings(t)).toMatchObject([{ code: "WF099", field: "exection_mode" }]);
    expect(warnings(t)[0].message).toContain(`did you mean "execution_mode"`);
  });

  it("stay quiet for known extensions and inside metadata", () => {
    const t = {
      ...graph()
        .node("A", { type: "shell", args_template: "true", cli_tool: "gemini", cli_mode: "analysis", cli_rule: "r" })
        .node("B", { type: "agent", prompt: "go", position: { x: 1, y: 2 }, capability: "research", success: "s" })
        .node("C", { type: "skill", executor: "x", long_running: true, artifact: true, tools: ["bash"] })
        .chain("A", "B", "C")
        .build(),
      $schema: "https://wf-composer.local/template.schema.json",
      metadata: { anything: 1, node_count: 3 },
    };
    expect(warnings(t)).toEqual([]);
  });

  it("suggest only near names", () => {
    expect(editDistance("timout_s", "timeout_s")).toBe(1);
    expect(editDistance("tiemout_s", "timeout_s")).toBe(1);
    expect(nearestName("zzzzzz", ["timeout_s", "tier"])).toBeUndefined();
    expect(nearestName("Tier", ["timeout_s", "tier"])).toBe("tier");
  });
});

import { describe, expect, it } from "vitest";
import { validateTemplate } from "./validate-template";

const template = {
  template_id: "t",
  name: "t",
  nodes: [
    { id: "ask", name: "Ask", type: "agent", args_template: "hi" },
    { id: "sh", name: "Sh", type: "shell", args_template: "echo hi" },
  ],
  edges: [{ from: "ask", to: "sh" }],
};

describe("WF110: a node needs an agent provider", () => {
  it("warns on the node, pointing to Settings, when none is ready", () => {
    const result = validateTemplate(template, { providersReady: false });
    const warnings = result.diagnostics.filter((d) => d.code === "WF110");
    expect(warnings).toEqual([
      expect.objectContaining({ severity: "warning", nodeId: "ask", message: expect.stringContaining("Settings") }),
    ]);
    expect(result.ok).toBe(true);
  });

  it("says nothing when one is ready or readiness is not given", () => {
    expect(validateTemplate(template, { providersReady: true }).diagnostics.some((d) => d.code === "WF110")).toBe(
      false,
    );
    expect(validateTemplate(template).diagnostics.some((d) => d.code === "WF110")).toBe(false);
  });
});

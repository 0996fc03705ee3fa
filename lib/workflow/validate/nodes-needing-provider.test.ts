import { describe, expect, it } from "vitest";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { canDoWithout, nodesNeedingProvider } from "./nodes-needing-provider";
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

describe("nodes that need a provider", () => {
  const parsed = parseTemplate({
    template_id: "needs",
    name: "needs",
    nodes: [
      { id: "agent", name: "Agent", type: "agent", prompt: "hi", on_fail: "skip" },
      { id: "review", name: "Review", type: "skill", executor: "review", args_template: "x" },
      { id: "lint", name: "Lint", type: "skill", executor: "lint", args_template: "x" },
      {
        id: "judged",
        name: "Judged",
        type: "shell",
        args_template: "echo hi",
        checks: [{ type: "agent_confirms", description: "the greeting is friendly" }],
        on_fail: "fallback:sh",
      },
      { id: "sh", name: "Sh", type: "shell", args_template: "echo hi" },
    ],
    edges: [],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));

  it("agent nodes, agent_confirms checks, and skill nodes only when their recipe is an agent", () => {
    expect(nodesNeedingProvider(parsed.template).map((n) => n.id)).toEqual(["agent", "judged"]);
    expect(nodesNeedingProvider(parsed.template, new Set(["review"])).map((n) => n.id)).toEqual([
      "agent",
      "review",
      "judged",
    ]);
  });

  it("a node with on_fail: skip or a fallback can be done without", () => {
    expect(parsed.template.nodes.filter(canDoWithout).map((n) => n.id)).toEqual(["agent", "judged"]);
  });

  it("warns on a skill node whose recipe is an agent", () => {
    const warned = validateTemplate(parsed.template, { providersReady: false, agentSkills: new Set(["review"]) })
      .diagnostics.filter((d) => d.code === "WF110")
      .map((d) => d.nodeId);
    expect(warned).toEqual(["agent", "review", "judged"]);
  });
});

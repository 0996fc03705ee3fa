/**
 * The sub-workflow node and template outputs in every format: Mermaid (annotations + front matter),
 * playbook YAML (task fields + top level), and the ASCII pipeline.
 */
import { describe, expect, it } from "vitest";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { renderAsciiPipeline } from "./ascii-pipeline";
import { importMermaid } from "./mermaid-to-template";
import { importPlaybook } from "./playbook-to-template";
import { toMermaid } from "./to-mermaid";
import { toPlaybookYaml } from "./to-playbook-yaml";
import { applyYamlTemplateExtras } from "./yaml-template-extras";

function parent(call: Record<string, unknown>): Template {
  const result = parseTemplate({
    template_id: "parent",
    name: "Parent",
    context_schema: { env: { type: "string" } },
    nodes: [
      { id: "A", name: "Build", type: "shell", args_template: "make" },
      { id: "W", name: "Deploy", type: "workflow", ...call },
    ],
    edges: [{ from: "A", to: "W" }],
    outputs: { report: "{W.report}", env: "{env}" },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.template;
}

const PINNED = { template: "release-flow", version: 3, inputs: { env: "{env}", build: "{A.output}" } };

describe("Mermaid", () => {
  it("writes type, template and version as annotations, inputs and outputs in the front matter", () => {
    const text = toMermaid(parent(PINNED));
    expect(text).toContain('W["Deploy|type=workflow|template=release-flow|version=3"]');
    expect(text).toMatch(/wf_template:[\s\S]*outputs:\n\s+report: "\{W\.report\}"/);
    expect(text).toMatch(/ W:\n\s+inputs:\n\s+env: "\{env\}"\n\s+build: "\{A\.output\}"/);
  });

  it.each([
    ["a number", PINNED],
    ["a string of digits", { ...PINNED, version: "3" }],
    ["a version text", { ...PINNED, version: "1.0" }],
    ["a tag", { ...PINNED, version: "v3" }],
    ["no version (the latest)", { template: "tpl_abc", inputs: {} }],
    ["a file path", { template: "../common/release|flow.json" }],
  ])("round-trips a workflow node with %s", (_, call) => {
    const t = parent(call);
    const back = importMermaid(toMermaid(t));
    expect(back.diagnostics).toEqual([]);
    expect(back.template).toEqual(t);
  });

  it("reads a hand-written annotation, bare or quoted; the body wins over the front matter", () => {
    const bare = importMermaid(
      "flowchart TD\n  A[Build] --> W[Deploy|type=workflow|template=release-flow|version=2]\n",
    );
    expect(bare.diagnostics).toEqual([]);
    expect(bare.template?.nodes[1]).toMatchObject({ type: "workflow", template: "release-flow", version: 2 });
    const edited = toMermaid(parent(PINNED)).replace("version=3", "version=v4");
    expect(importMermaid(edited).template?.nodes[1]).toMatchObject({ version: "v4", inputs: PINNED.inputs });
  });

  it("an empty template annotation is an error at the node", () => {
    const result = importMermaid('flowchart TD\n  W["Deploy|type=workflow|template="]\n');
    expect(result.diagnostics).toMatchObject([{ code: "MM006", severity: "error", nodeId: "W", field: "template" }]);
  });
});

describe("playbook YAML", () => {
  it("a workflow step carries template, version and inputs; outputs sit at the top level", () => {
    const yaml = toPlaybookYaml(parent(PINNED));
    expect(yaml).toMatch(/\noutputs:\n {2}report: "\{W\.report\}"/);
    expect(yaml).toMatch(
      /type: workflow[\s\S]*template: release-flow\n\s+version: 3\n\s+inputs:\n\s+env: "\{\{ variables\.env \}\}"/,
    );
  });

  it.each([
    ["pinned", PINNED],
    ["latest", { template: "tpl_abc", inputs: { env: "{env}" } }],
    ["a string version", { ...PINNED, version: "1.0" }],
  ])("round-trips (%s)", (_, call) => {
    const t = parent(call);
    const back = importPlaybook(toPlaybookYaml(t));
    expect(back.diagnostics).toEqual([]);
    expect(applyYamlTemplateExtras(back.template!)).toEqual(t);
  });

  it("imports a hand-written workflow step", () => {
    const yaml = [
      "name: Release",
      "description: calls the release flow",
      "variables:",
      '  env: ""',
      "outputs:",
      '  url: "{deploy.url}"',
      "tasks:",
      "  - name: deploy",
      "    phase: ship",
      "    capability: implementation",
      "    type: workflow",
      '    prompt: ""',
      '    success: ""',
      "    template: release-flow",
      "    version: 2",
      "    inputs:",
      '      env: "{{ variables.env }}"',
    ].join("\n");
    const result = importPlaybook(yaml);
    expect(result.diagnostics).toEqual([]);
    expect(result.template?.nodes[0]).toMatchObject({
      type: "workflow",
      template: "release-flow",
      version: 2,
      inputs: { env: "{env}" },
    });
    expect(result.template?.outputs).toEqual({ url: "{deploy.url}" });
  });
});

describe("ASCII pipeline", () => {
  it("shows the child, its version and the inputs it gets", () => {
    const lines = renderAsciiPipeline(parent(PINNED)).split("\n");
    expect(lines[4]).toBe(" W      [workflow]    ⧉ Deploy                   → release-flow v3 (env, build)");
    expect(lines[2].indexOf('"make"')).toBe(lines[4].indexOf("→"));
  });

  it("the latest version, a version tag, and no template chosen", () => {
    expect(renderAsciiPipeline(parent({ template: "tpl_abc" }))).toContain(
      "⧉ Deploy                   → tpl_abc (latest)",
    );
    expect(renderAsciiPipeline(parent({ template: "flow", version: "v2" }))).toContain("→ flow v2");
    expect(renderAsciiPipeline(parent({ template: "flow", version: "1.0" }))).toContain("→ flow v1.0");
    expect(renderAsciiPipeline(parent({}))).toContain("⧉ Deploy                   (no template chosen)");
  });
});

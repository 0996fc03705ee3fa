/** The front-matter carrier: lossless round trip, and a hand-edited body still wins. */
import { describe, expect, it } from "vitest";
import type { Template } from "@/lib/workflow/model/template-schema";
import { importMermaid } from "./mermaid-to-template";
import { toMermaid } from "./to-mermaid";

// plan ──▶ CP ──▶ build
const TEMPLATE = {
  template_id: "wft-ship-20260101",
  name: "Ship",
  description: "plan and build",
  version: "2.0",
  tags: ["feature"],
  context_schema: { goal: { type: "string", required: true, description: "what to build" } },
  phases: [{ name: "Plan", description: "think first" }],
  nodes: [
    { id: "plan", name: "Plan it", type: "agent", args_template: "Plan {goal}", phase: "Plan", output_ports: ["plan"] },
    { id: "CP", name: "After plan", type: "checkpoint", auto_continue: false, save_fields: ["plan"] },
    { id: "build", name: "Build", type: "shell", args_template: "make", executor: "sh", retries: 2 },
    { id: "idle", name: "Idle", type: "agent" },
  ],
  edges: [
    { from: "plan", to: "CP" },
    { from: "CP", to: "build" },
    { from: "build", to: "idle" },
  ],
  checkpoints: ["CP"],
  atomic_groups: [],
  execution_mode: "serial",
  metadata: { owner: "me" },
} as unknown as Template;

describe("Mermaid front matter wf_template", () => {
  it("template → Mermaid → template is the same template", () => {
    const back = importMermaid(toMermaid(TEMPLATE));
    expect(back.diagnostics).toEqual([]);
    expect(back.template).toEqual(importMermaid(toMermaid(back.template!)).template);
    expect(back.template).toMatchObject(TEMPLATE as object);
    expect(back.template!.nodes[3]).not.toHaveProperty("args_template");
  });

  it("the body wins over the extras, and extras of deleted nodes are dropped", () => {
    const text = toMermaid(TEMPLATE)
      .replace('build["Build|type=shell', 'build["Compile|type=shell')
      .replace(/^ {2}idle.*$/m, "")
      .replace(/^ {2}build --> idle$/m, "");
    const back = importMermaid(text).template!;
    expect(back.nodes.map((n) => n.id)).toEqual(["plan", "CP", "build"]);
    expect(back.nodes[2]).toMatchObject({ name: "Compile", args_template: "make", retries: 2 });
  });
});

describe("toMermaid display variant", () => {
  it("shows only names (no annotations, no wf_template) and still imports to the same graph", () => {
    const text = toMermaid(TEMPLATE, { display: true });
    expect(text).not.toContain("|type=");
    expect(text).not.toContain("wf_template");
    expect(text).toContain('build["Build"]');
    const back = importMermaid(text).template!;
    expect(back.nodes.map((n) => n.id)).toEqual(["plan", "CP", "build", "idle"]);
    expect(back.edges.map((e) => [e.from, e.to])).toEqual(TEMPLATE.edges.map((e) => [e.from, e.to]));
  });
});

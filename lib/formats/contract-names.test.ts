/**
 * The approval policy under the contract's names: `forbid_self_approval`, and on a node that waits for
 * a person `timeout_s` with `on_timeout`. The product's older names (`allow_self_approval`,
 * `approval_timeout_s`) are read as aliases; every export (JSON, Mermaid, playbook YAML) writes the
 * contract's names only, and each round trip keeps them.
 */
import { describe, expect, it } from "vitest";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { exportWorkflow } from "./export-workflow";
import { importWorkflow } from "./import-workflow";

/** A (shell with a human check) → H (human) → C (pausing checkpoint) → G (gate) → yes / else. */
const raw = (human: Record<string, unknown>) => ({
  template_id: "names",
  name: "Names",
  nodes: [
    {
      id: "A",
      name: "Build",
      type: "shell",
      args_template: "true",
      timeout_s: 60,
      checks: [{ type: "human", prompt: "looks right?" }],
      approval_timeout_s: 3600,
    },
    { id: "H", name: "Sign off", type: "human", prompt: "ship?", ...human },
    { id: "C", name: "Pause", type: "checkpoint", auto_continue: false, approval_timeout_s: 120, on_timeout: "fail" },
    { id: "G", name: "Route", type: "gate", approval_timeout_s: 30, on_timeout: "continue" },
    { id: "Y", name: "Yes", type: "shell", args_template: "true" },
    { id: "E", name: "Else", type: "shell", args_template: "true" },
  ],
  edges: [
    { from: "A", to: "H" },
    { from: "H", to: "C" },
    { from: "C", to: "G" },
    { from: "G", to: "Y", label: "yes" },
    { from: "G", to: "E", label: "else" },
  ],
  checkpoints: ["C"],
});

const parsed = (input: unknown): Template => {
  const r = parseTemplate(input);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
  return r.template;
};
const node = (t: Template, id: string) => t.nodes.find((n) => n.id === id)!;

describe("the contract's approval names", () => {
  it("reads the old names as aliases: allow_self_approval: false is forbid_self_approval: true; a wait's approval_timeout_s is its timeout_s", () => {
    const t = parsed(raw({ allow_self_approval: false, approval_timeout_s: 2_592_000, on_timeout: "continue" }));
    expect(node(t, "H")).toMatchObject({ forbid_self_approval: true, timeout_s: 2_592_000, on_timeout: "continue" });
    expect(node(t, "H")).not.toHaveProperty("allow_self_approval");
    expect(node(t, "H")).not.toHaveProperty("approval_timeout_s");
    expect(node(t, "C")).toMatchObject({ timeout_s: 120 });
    expect(node(t, "G")).toMatchObject({ timeout_s: 30 });
    // A node that does its own work keeps both: timeout_s bounds the work, approval_timeout_s its check's approval.
    expect(node(t, "A")).toMatchObject({ timeout_s: 60, approval_timeout_s: 3600 });
    expect(parsed(raw({ allow_self_approval: true })).nodes[1]).toMatchObject({ forbid_self_approval: false });
  });

  it("accepts the contract's names without a warning, and no setting of a waiting node is ignored", () => {
    const v = validateTemplate(raw({ forbid_self_approval: true, timeout_s: 2_592_000, on_timeout: "fail" }));
    expect(v.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(v.template && node(v.template, "H")).toMatchObject({ forbid_self_approval: true, timeout_s: 2_592_000 });
  });

  it("warns when a name and its alias disagree, and the safer or canonical one is used", () => {
    const v = validateTemplate(
      raw({ allow_self_approval: true, forbid_self_approval: true, timeout_s: 60, approval_timeout_s: 90 }),
    );
    expect(v.diagnostics.filter((d) => d.code === "WF098").map((d) => [d.nodeId, d.field])).toEqual([
      ["H", "allow_self_approval"],
      ["H", "approval_timeout_s"],
    ]);
    expect(v.template && node(v.template, "H")).toMatchObject({ forbid_self_approval: true, timeout_s: 60 });
  });

  it.each([
    ["json", "names.json"],
    ["mermaid", "names.mmd"],
    ["yaml", "names.yaml"],
  ] as const)("%s export writes only the contract's names and imports back to the same policy", (format, filename) => {
    const t = parsed(
      raw({ allow_self_approval: false, approval_timeout_s: 86_400, on_timeout: "fail", approvals_required: 2 }),
    );
    const text = exportWorkflow(t, format);
    expect(text).not.toContain("allow_self_approval");
    expect(text).toContain("forbid_self_approval");
    const back = importWorkflow({ filename, text });
    expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const again = back.template!;
    expect(node(again, "H")).toMatchObject({
      forbid_self_approval: true,
      timeout_s: 86_400,
      on_timeout: "fail",
      approvals_required: 2,
    });
    expect(node(again, "H")).not.toHaveProperty("approval_timeout_s");
    expect(node(again, "A")).toMatchObject({ timeout_s: 60, approval_timeout_s: 3600 });
    expect(node(again, "G")).toMatchObject({ timeout_s: 30, on_timeout: "continue" });
  });
});

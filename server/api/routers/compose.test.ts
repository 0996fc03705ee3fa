import { TRPCError } from "@trpc/server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DESCRIBE_PROMPT } from "@/lib/describe/describe-issues";
import TABLE from "@/lib/describe/real-world-descriptions.json";
import { summarizeDescribed } from "@/lib/describe/summarize-described";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";

const t = useRouterTestDb();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-compose-"));
  vi.stubEnv("WF_DATA_DIR", dir);
  for (const name of ["WF_AGENT_CMD", "WF_OPENAI_BASE_URL", "WF_PROVIDERS_FILE", "WF_CATALOG"])
    vi.stubEnv(name, undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const caller = () => callerAs(t);

describe("compose.describe", () => {
  /*
   *  N-001 analyze <scope> ─▶ … ─▶ N-002 plan ─▶ … ─▶ N-003 ⏸ ─▶ N-004 implement
   */
  it("returns template, intent, assumptions and diagnostics", async () => {
    const r = await caller().compose.describe({
      text: "Analyze <scope>, then write a plan, then let me review it, then implement it",
    });
    expect(r.intent.steps.map((s) => s.type_hint)).toEqual(["analysis", "planning", "checkpoint", "execution"]);
    expect(r.template.context_schema).toHaveProperty("scope");
    expect(r.template.nodes.find((n) => n.id === "N-003")).toMatchObject({ type: "checkpoint", auto_continue: false });
    expect(r.assumptions.length).toBeGreaterThan(0);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(validateTemplate(r.template).ok).toBe(true);
    expect(r.parser).toBe("rules");
  });

  it("reads the real-world description table as the CLI and describeWorkflow do", async () => {
    for (const c of TABLE) {
      const r = await caller().compose.describe({ text: c.text });
      const variables = Object.fromEntries(Object.entries(c.variables).map(([k, v]) => [k, v === true]));
      expect(summarizeDescribed(r.template), c.text).toEqual({ steps: c.steps, flow: c.flow, variables });
      expect(r.parser).toBe("rules");
    }
  });

  it.each([
    ["", "DS001"],
    ["hmm", "DS002"],
  ])("%j → BAD_REQUEST carrying the describe question and %s", async (text, code) => {
    const err = await caller()
      .compose.describe({ text })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect((err as TRPCError).message).toContain(DESCRIBE_PROMPT);
    expect((err as TRPCError & { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual([code]);
  });
});

describe("compose.import", () => {
  const bomb = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ..."bcdefghi".split("").map((x, i) => {
      const prev = "abcdefghi"[i];
      return `${x}: &${x} [${Array(9).fill(`*${prev}`).join(",")}]`;
    }),
    "name: bomb",
    "tasks: *i",
  ].join("\n");

  it("imports Mermaid into a template with positions for model problems", async () => {
    const r = await caller().compose.import({ text: "flowchart LR\n  A[Plan] --> B[Build]", format: "mermaid" });
    expect(r.template?.nodes.map((n) => n.id)).toEqual(["A", "B"]);
    expect(r.ok).toBe(true);
  });

  it("resolves a playbook's !include from the uploaded files", async () => {
    const text = [
      "name: inc",
      "description: d",
      "tasks:",
      "  - name: plan",
      "    phase: p",
      "    capability: research",
      "    prompt: !include prompts/plan.md",
      "    success: done",
    ].join("\n");
    const r = await caller().compose.import({ text, format: "yaml", files: { "prompts/plan.md": "Plan it" } });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.template?.nodes[0]).toMatchObject({ args_template: "Plan it" });
    // A browser's file picker gives bare names: the include's file name is enough when unique.
    const picked = await caller().compose.import({ text, format: "yaml", files: { "plan.md": "Plan by name" } });
    expect(picked.template?.nodes[0]).toMatchObject({ args_template: "Plan by name" });
  });

  it.each([
    ["a syntax error", "MM001", "flowchart TD\n  A[oops --> B", "mermaid", 2],
    ["another diagram type", "MM002", "sequenceDiagram\n  A->>B: hi", "mermaid", 1],
    ["binary", "FMT002", "PK\u0003\u0004\u0000\u0000binary", "json", 1],
    ["a YAML alias bomb", "PB016", bomb, "yaml", 2],
    ["JSON that is not a template", "JS002", '\n  {"dependencies": {"react": "19"}}', "json", 2],
    ["a JSON array", "JS002", "[1, 2]", "json", 1],
  ] as const)("%s → one diagnostic %s with line and column, no template", async (_, code, text, format, line) => {
    const r = await caller().compose.import({ text, format });
    expect(r.template).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code, severity: "error", line, column: expect.any(Number) });
  });

  it("50 MB of text → one FMT003 diagnostic at the limit, no template", async () => {
    const text = `${"x".repeat(1023)}\n`.repeat(50 * 1024);
    const r = await caller().compose.import({ text, format: "yaml" });
    expect(r.template).toBeUndefined();
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: "FMT003", line: 10 * 1024 + 1, column: 1 })]);
    expect(r.diagnostics[0].message).toContain("50.0 MB");
  });

  it("refuses text over 64 MiB as a typed 400 naming the field", async () => {
    const err = await caller()
      .compose.import({ text: "x".repeat(64 * 1024 * 1024 + 1), format: "json" })
      .catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
  });
});

describe("compose.validate and compose.injectCheckpoints", () => {
  /*  A ──▶ B ──▶ A  (a cycle)  */
  const cyclic = {
    template_id: "wft-c",
    name: "c",
    nodes: [
      { id: "A", name: "a", type: "shell", args_template: "true" },
      { id: "B", name: "b", type: "shell", args_template: "true" },
    ],
    edges: [
      { from: "A", to: "B" },
      { from: "B", to: "A" },
    ],
  };

  it("validate reports ok, mode and diagnostics", async () => {
    const bad = await caller().compose.validate({ template: cyclic });
    expect(bad.ok).toBe(false);
    expect(bad.mode).toBe("simple");
    expect(bad.diagnostics.some((d) => d.severity === "error")).toBe(true);
    const good = await caller().compose.validate({ template: { ...cyclic, edges: [{ from: "A", to: "B" }] } });
    expect(good).toMatchObject({ ok: true, mode: "simple" });
  });

  /*  A (writes an artifact) ──▶ B  →  A ──▶ CP-01 ──▶ B  */
  it("injectCheckpoints returns the template with checkpoints and the report", async () => {
    const template = {
      ...cyclic,
      nodes: [{ ...cyclic.nodes[0], output_file: "plan.md", output_ports: ["plan"] }, cyclic.nodes[1]],
      edges: [{ from: "A", to: "B" }],
    };
    const r = await caller().compose.injectCheckpoints({ template });
    expect(r.report.checkpoints.length).toBeGreaterThan(0);
    expect(r.template.nodes.some((n) => n.type === "checkpoint")).toBe(true);
    await expect(caller().compose.injectCheckpoints({ template: { name: 1 } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

/** The eleven playbook rules of docs/formats.md: one failing case per rule (code, YAML path, line), plus includes and variables. */
import { describe, expect, it } from "vitest";
import { includeResolverFromFiles } from "./playbook-includes";
import { importWorkflow } from "./import-workflow";
import { importPlaybook } from "./playbook-to-template";

/** A valid playbook: plan ──▶ build ──▶ review */
const VALID = `name: ship-it
description: From issue to PR
phases:
  - name: plan
  - name: build
variables:
  issue_url: ""
  branch: main
tasks:
  - name: plan
    phase: plan
    capability: research
    prompt: Read {{ variables.issue_url }}
    success: plan.md written
  - name: build
    phase: build
    capability: implementation
    prompt: Implement on {{ variables.branch }}
    success: tests pass
    depends_on: [plan]
  - name: review
    phase: build
    capability: decision
    prompt: Approve the PR?
    success: approved
    depends_on: [build]
`;

function codes(yaml: string): string[] {
  return importPlaybook(yaml).diagnostics.map((d) => `${d.code}@${d.line}:${d.column} ${d.path ?? ""}`.trim());
}

describe("playbook rules", () => {
  it("the valid playbook imports with no diagnostics", () => {
    const r = importPlaybook(VALID);
    expect(r.diagnostics).toEqual([]);
    expect(r.template!.nodes.map((n) => `${n.id}:${n.type}:${n.executor}`)).toEqual([
      "plan:agent:explore",
      "build:agent:main",
      "review:human:human",
    ]);
    expect(r.template!.edges).toEqual([
      { from: "plan", to: "build" },
      { from: "build", to: "review" },
    ]);
  });

  it("rule 1: required top-level fields", () => {
    expect(codes("tasks: []\n")).toEqual(["PB002@1:1 $", "PB002@1:1 $"]);
  });

  it("rule 2: required task fields", () => {
    expect(codes(VALID.replace("    success: tests pass\n", ""))).toEqual(["PB003@15:5 tasks[1]"]);
  });

  it("rule 3: unique task names", () => {
    expect(codes(VALID.replace("name: review", "name: build"))).toEqual(["PB004@21:11 tasks[2].name"]);
  });

  it("rule 4: phase declared in phases", () => {
    expect(
      codes(VALID.replace("    phase: build\n    capability: decision", "    phase: ship\n    capability: decision")),
    ).toEqual(["PB005@22:12 tasks[2].phase"]);
    // Without a phases list the check is skipped.
    expect(codes(VALID.replace(/phases:\n {2}- name: plan\n {2}- name: build\n/, ""))).toEqual([]);
  });

  it("rule 5: depends_on integrity", () => {
    expect(codes(VALID.replace("depends_on: [plan]", "depends_on: [plan, design]"))).toEqual([
      "PB006@20:24 tasks[1].depends_on[1]",
    ]);
  });

  it("rule 6: no cycles, naming every task on the cycle", () => {
    const r = importPlaybook(
      VALID.replace("  - name: plan\n    phase: plan\n", "  - name: plan\n    depends_on: [review]\n    phase: plan\n"),
    );
    expect(r.diagnostics.map((d) => d.code)).toEqual(["PB007"]);
    expect(r.diagnostics[0].message).toContain("plan → build → review → plan");
  });

  it("rule 7: capability values", () => {
    expect(codes(VALID.replace("capability: research", "capability: thinking"))).toEqual([
      "PB008@12:17 tasks[0].capability",
    ]);
  });

  it("rule 8: executor values (custom:<name> allowed)", () => {
    expect(
      codes(VALID.replace("    capability: research\n", "    capability: research\n    executor: robot\n")),
    ).toEqual(["PB009@13:15 tasks[0].executor"]);
    expect(
      codes(VALID.replace("    capability: research\n", "    capability: research\n    executor: custom:scout\n")),
    ).toEqual([]);
  });

  it("rule 9: on_failure values; stop maps to abort", () => {
    expect(codes(VALID.replace("    success: approved\n", "    success: approved\n    on_failure: panic\n"))).toEqual([
      "PB010@26:17 tasks[2].on_failure",
    ]);
    const ok = importPlaybook(
      VALID.replace("    success: approved\n", "    success: approved\n    on_failure: stop\n"),
    );
    expect(ok.template!.nodes[2].on_fail).toBe("abort");
  });

  it("rule 10: fallback target exists, is not itself, no A→B→A loop", () => {
    const fb = (a: string, b: string) =>
      VALID.replace(
        "    success: plan.md written\n",
        `    success: plan.md written\n    on_failure: fallback:${a}\n`,
      ).replace("    success: tests pass\n", `    success: tests pass\n    on_failure: fallback:${b}\n`);
    expect(codes(fb("nowhere", "review"))).toEqual(["PB011@15:17 tasks[0].on_failure"]);
    expect(codes(fb("plan", "review"))).toEqual(["PB011@15:17 tasks[0].on_failure"]);
    expect(codes(fb("build", "plan"))).toEqual(["PB011@15:17 tasks[0].on_failure", "PB011@21:17 tasks[1].on_failure"]);
    expect(importPlaybook(fb("review", "review")).template!.nodes[0].on_fail).toBe("fallback:review");
  });

  it("rule 11: checks have a valid type and its required fields", () => {
    const withChecks = (checks: string) =>
      VALID.replace("    success: approved\n", `    success: approved\n    checks:\n${checks}`);
    expect(codes(withChecks("      - type: smell\n"))).toEqual(["PB012@27:15 tasks[2].checks[0].type"]);
    expect(codes(withChecks("      - type: file_contains\n        path: a.txt\n"))).toEqual([
      "PB012@27:9 tasks[2].checks[0]",
    ]);
    expect(codes(withChecks("      - type: command\n"))).toEqual(["PB012@27:9 tasks[2].checks[0]"]);
    const ok = importPlaybook(
      withChecks("      - type: command\n        run: npm test\n      - type: human\n        prompt: Looks right?\n"),
    );
    expect(ok.template!.nodes[2].checks).toEqual([
      { type: "command", run: "npm test" },
      { type: "human", prompt: "Looks right?" },
    ]);
  });

  it("reports every violation at once", () => {
    const broken = VALID.replace("capability: research", "capability: x")
      .replace("depends_on: [plan]", "depends_on: [zzz]")
      .replace("    success: approved\n", "    success: approved\n    on_failure: nope\n");
    expect(
      importPlaybook(broken)
        .diagnostics.map((d) => d.code)
        .sort(),
    ).toEqual(["PB006", "PB008", "PB010"]);
  });

  it("YAML syntax errors have a line and column", () => {
    expect(codes("name: x\ntasks: [a, b\n")).toEqual([expect.stringMatching(/^PB001@\d+:\d+$/)]);
  });
});

describe("!include", () => {
  const withInclude = VALID.replace("prompt: Approve the PR?", "prompt: !include prompts/approve.md");
  it("is read through the injected resolver, relative paths as written", () => {
    const seen: string[] = [];
    const r = importPlaybook(withInclude, { resolveInclude: (p) => (seen.push(p), "Please approve.\n") });
    expect(seen).toEqual(["prompts/approve.md"]);
    expect(r.template!.nodes[2]).toMatchObject({ type: "human", prompt: "Please approve.\n" });
  });
  it("uploaded files: paths resolve relative to the playbook's folder in the map", () => {
    const read = includeResolverFromFiles({ "team/prompts/approve.md": "From upload", "other.md": "x" }, "team/pb.yml");
    expect(read("prompts/approve.md")).toBe("From upload");
    expect(read("./prompts/../prompts/approve.md")).toBe("From upload");
    expect(read("../other.md")).toBe("x");
    expect(read("missing.md")).toBeUndefined();
    const r = importPlaybook(withInclude, { resolveInclude: read });
    expect(r.template!.nodes[2]).toMatchObject({ prompt: "From upload" });
  });
  it("a plain-string !include works too", () => {
    const r = importPlaybook(VALID.replace("prompt: Approve the PR?", 'prompt: "!include a.md"'), {
      resolveInclude: () => "A",
    });
    expect(r.template!.nodes[2]).toMatchObject({ prompt: "A" });
  });
  it("a missing file names the task and the path", () => {
    const r = importPlaybook(withInclude, { resolveInclude: () => undefined });
    expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["PB013@24:22"]);
    expect(r.diagnostics[0].message).toContain('"review"');
    expect(r.diagnostics[0].message).toContain("prompts/approve.md");
    expect(r.template).toBeUndefined();
  });
});

describe("variables", () => {
  it('become the context schema ("" = required) and {{ variables.x }} becomes {x}', () => {
    const t = importPlaybook(VALID).template!;
    expect(t.context_schema).toEqual({
      issue_url: { type: "string", required: true },
      branch: { type: "string", required: false, default: "main" },
    });
    expect(t.nodes[0].args_template).toBe("Read {issue_url}");
  });
  it("an undeclared variable is an error at its field", () => {
    expect(codes(VALID.replace("{{ variables.branch }}", "{{ variables.target }}"))).toEqual([
      "PB014@18:13 tasks[1].prompt",
    ]);
  });
});

describe("playbook edge labels", () => {
  it("a dependency named like an Object.prototype member gets no label from the prototype", () => {
    const text = [
      "name: p",
      "description: d",
      "tasks:",
      "  - name: toString",
      "    phase: main",
      "    capability: research",
      "    prompt: look",
      "    success: done",
      "  - name: next",
      "    phase: main",
      "    capability: research",
      "    prompt: go",
      "    success: done",
      "    depends_on: [toString]",
      "    edge_labels: {}",
    ].join("\n");
    const r = importWorkflow({ filename: "p.yml", text });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.template?.edges).toEqual([{ from: "toString", to: "next" }]);
  });
});

import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { describeWorkflow, type DescribeSuccess } from "./describe-workflow";
import { DESCRIBE_PROMPT } from "./describe-issues";
import { ExecutorCatalogSchema } from "./executor-catalog-schema";

const NOW = new Date("2026-11-29T10:00:00Z");

interface Case {
  /** The expected shape, drawn: `→` sequence, `∥` parallel, `⏸` a pause for a person. */
  drawing: string;
  text: string;
  steps: string[];
  /** Parallel groups as lists of step numbers. */
  groups?: number[][];
  /** Variable name → required. */
  variables?: Record<string, boolean>;
  /** Step numbers that pause for a person. */
  pauses?: number[];
  taskType?: string;
  complexity?: "simple" | "medium" | "complex";
  /** Step number → literal shell command. */
  commands?: Record<number, string>;
}

const CASES: Case[] = [
  {
    drawing: "plan → (implement ∥ docs) → test → ⏸",
    text: "plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review",
    steps: ["plan the feature", "implement it", "write docs", "run the tests", "pause so I can review"],
    groups: [[2, 3]],
    variables: { goal: true },
    pauses: [5],
    taskType: "feature",
    complexity: "medium",
  },
  {
    drawing: "lint",
    text: "Run the linter",
    steps: ["Run the linter"],
    variables: {},
    taskType: "custom",
    complexity: "simple",
  },
  {
    drawing: "analyze → plan → implement → test → review → docs → lint → build → staging → smoke → ⏸ → prod",
    text: [
      "1. Analyze the codebase",
      "2. Write a plan",
      "3. Implement the plan",
      "4. Run the tests",
      "5. Review the changes",
      "6. Update the docs",
      "7. Run lint",
      "8. Build the project",
      "9. Deploy to staging",
      "10. Run smoke tests",
      "11. Let me approve the release",
      "12. Deploy to production",
    ].join("\n"),
    steps: [
      "Analyze the codebase",
      "Write a plan",
      "Implement the plan",
      "Run the tests",
      "Review the changes",
      "Update the docs",
      "Run lint",
      "Build the project",
      "Deploy to staging",
      "Run smoke tests",
      "Let me approve the release",
      "Deploy to production",
    ],
    pauses: [11],
    variables: { goal: true },
    complexity: "complex",
  },
  {
    drawing: "analyze <scope> → plan → refactor → test",
    text: "- analyze <scope>\n- plan the refactor\n- refactor the code\n- run the tests",
    steps: ["analyze {scope}", "plan the refactor", "refactor the code", "run the tests"],
    variables: { scope: true },
    taskType: "refactor",
    complexity: "medium",
  },
  {
    drawing: "analyze [feature] → plan → (api ∥ docs) → test → ⏸",
    text: "1. Analyze [feature]\n2. Plan it\n3. In parallel:\n   - implement the API\n   - write docs\n4. Run the tests\n5. Let me review",
    steps: ["Analyze {feature}", "Plan it", "implement the API", "write docs", "Run the tests", "Let me review"],
    groups: [[3, 4]],
    variables: { feature: true },
    pauses: [6],
  },
  {
    drawing: "spec {goal} → ⏸ → implement → `npm test`",
    text: "Write the spec for {goal}. Then let me review it. After that, implement it and finally run `npm test`.",
    steps: ["Write the spec for {goal}", "let me review it", "implement it", "run `npm test`"],
    variables: { goal: true },
    pauses: [2],
    commands: { 4: "npm test" },
    taskType: "spec-driven",
  },
  {
    drawing: "(investigate ∥ collect logs) → fix",
    text: "Investigate the crash in the target. While you investigate, collect the logs. Then fix it.",
    steps: ["Investigate the crash in the target", "collect the logs", "fix it"],
    groups: [[1, 2]],
    variables: { target: true },
    taskType: "bugfix",
  },
  {
    drawing: "brainstorm [topic] → outline → article → ⏸",
    text: "First brainstorm ideas about [topic], next draft an outline, then write the article, and finally wait for my approval.",
    steps: ["brainstorm ideas about {topic}", "draft an outline", "write the article", "wait for my approval"],
    variables: { topic: true },
    pauses: [4],
    taskType: "brainstorm",
  },
  {
    drawing: "research → report",
    text: "Research the topic, then write a report",
    steps: ["Research the topic", "write a report"],
    variables: { goal: true },
  },
  {
    drawing: "triage → reproduce → fix → test",
    text: "Triage the bug, reproduce it, fix it, and test it.",
    steps: ["Triage the bug", "reproduce it", "fix it", "test it"],
    variables: { goal: true },
    taskType: "bugfix",
    complexity: "medium",
  },
  {
    drawing: "(api ∥ ui) → integration tests",
    text: "Implement the API at the same time as the UI, then run the integration tests.",
    steps: ["Implement the API", "implement the UI", "run the integration tests"],
    groups: [[1, 2]],
    taskType: "integration-test",
  },
  {
    drawing: "(unit ∥ lint ∥ typecheck) → build → ⏸ → deploy",
    text: "Run unit tests, lint and typecheck in parallel. Then build. Then ask me before deploying.",
    steps: ["Run unit tests", "lint", "typecheck", "build", "ask me before deploying", "deploy"],
    groups: [[1, 2, 3]],
    variables: {},
    pauses: [5],
    taskType: "custom",
  },
  {
    drawing: "failing test {behaviour} → make it pass → refactor",
    text: "Write a failing test first (TDD) for {behaviour}, then make it pass, then refactor.",
    steps: ["Write a failing test first (TDD) for {behaviour}", "make it pass", "refactor"],
    variables: { behaviour: true },
    taskType: "tdd",
    complexity: "simple",
  },
  {
    drawing: "gather → prioritize → outline (heading 'Create a roadmap for <product>:' is not a step)",
    text: "Create a roadmap for <product>: gather requirements, prioritize features, and outline milestones.",
    steps: ["gather requirements", "prioritize features", "outline milestones"],
    variables: { product: true },
    taskType: "roadmap",
  },
  {
    drawing: "(review PR ∥ coverage)",
    text: "Review my pull request and also check the coverage",
    steps: ["Review my pull request", "check the coverage"],
    groups: [[1, 2]],
    taskType: "review",
  },
  {
    drawing: "report (the once-clause names nothing to do)",
    text: "Once the analysis is done, write the report.",
    steps: ["write the report"],
  },
  {
    drawing: "(plan ∥ backup) → migrate",
    text: "Plan the migration. Meanwhile, back up the database. Then migrate the data.",
    steps: ["Plan the migration", "back up the database", "migrate the data"],
    groups: [[1, 2]],
  },
  {
    drawing: "scaffold <template_path>? → install",
    text: "Scaffold a new project from scratch with an optional <template_path>, then install dependencies.",
    steps: ["Scaffold a new project from scratch with an optional {template_path}", "install dependencies"],
    variables: { template_path: false },
    taskType: "greenfield",
  },
  {
    drawing: "summarize → post",
    text: "Summarize today's commits and post them to Slack.",
    steps: ["Summarize today's commits", "post them to Slack"],
  },
  {
    drawing: "`./deploy.sh {env}`",
    text: "Deploy with `./deploy.sh {env}` if [dry_run] is false",
    steps: ["Deploy with `./deploy.sh {env}` if {dry_run} is false"],
    variables: { env: true, dry_run: true },
    commands: { 1: "./deploy.sh {env}" },
  },
  {
    drawing: "(brainstorm ∥ research ∥ outline)",
    text: "Brainstorm ideas for {topic} while researching competitors and also draft an outline",
    steps: ["Brainstorm ideas for {topic}", "research competitors", "draft an outline"],
    groups: [[1, 2, 3]],
    variables: { topic: true },
  },
  {
    drawing: "reproduce → failing test → (fix ∥ changelog) → `npm test` → ⏸",
    text: "Fix the bug in <scope>: first reproduce it, then write a failing test. Once the test fails, fix the code. Meanwhile, update the changelog. Finally run `npm test` and ask me to approve the merge.",
    steps: [
      "reproduce it",
      "write a failing test",
      "fix the code",
      "update the changelog",
      "run `npm test`",
      "ask me to approve the merge",
    ],
    groups: [[3, 4]],
    variables: { scope: true },
    pauses: [6],
    commands: { 5: "npm test" },
    taskType: "bugfix",
  },
  {
    drawing: "review → summarize → ⏸ → post",
    text: "Review the pull request for the target, then summarize findings and wait for my approval before posting the comment.",
    steps: [
      "Review the pull request for the target",
      "summarize findings",
      "wait for my approval before posting the comment",
      "post the comment",
    ],
    variables: { target: true },
    pauses: [3],
    taskType: "review",
  },
  {
    drawing: "plan → implement → (lint ∥ test ∥ build) → staging → ⏸",
    text: "Plan and implement the feature. After that, run lint, test and build at the same time. Then deploy to staging and let me check it.",
    steps: [
      "Plan the feature",
      "implement the feature",
      "run lint",
      "test",
      "build",
      "deploy to staging",
      "let me check it",
    ],
    groups: [[3, 4, 5]],
    pauses: [7],
    variables: { goal: true },
    complexity: "medium",
  },
  {
    drawing: "analyze logs → report → email",
    text: "I want a workflow that analyzes the logs for the given service, writes a report, and emails it to the team.",
    steps: ["analyze the logs for the given service", "write a report", "email it to the team"],
    variables: { service: true },
  },
  {
    drawing: "(a ∥ b) → c → (d ∥ e): two tracks",
    text: "Run the unit tests and the e2e tests in parallel, then fix the failures, then update the docs and the changelog at the same time.",
    steps: ["Run the unit tests", "run the e2e tests", "fix the failures", "update the docs", "update the changelog"],
    groups: [
      [1, 2],
      [4, 5],
    ],
    complexity: "complex",
  },
  {
    drawing: "write tests and docs (one step: 'docs' is not a verb)",
    text: "Write tests and docs for <module_path>",
    steps: ["Write tests and docs for {module_path}"],
    variables: { module_path: true },
  },
  {
    drawing: "* bullets → ⏸ in the middle",
    text: "* Draft the release notes\n* Wait for approval\n* Publish the release",
    steps: ["Draft the release notes", "Wait for approval", "Publish the release"],
    pauses: [2],
  },
  {
    drawing: "analyze → plan → implement (arrows)",
    text: "analyze the logs → write a plan -> implement it",
    steps: ["analyze the logs", "write a plan", "implement it"],
    complexity: "simple",
  },
  {
    drawing: "Step 1 … Step 3",
    text: "Step 1: reproduce the bug in <module>\nStep 2: fix it\nStep 3: run `pytest -q`",
    steps: ["reproduce the bug in {module}", "fix it", "run `pytest -q`"],
    variables: { module: true },
    commands: { 3: "pytest -q" },
    taskType: "bugfix",
  },
  {
    drawing: "test → fix (if) → rerun (if) → deploy",
    text: "Run the tests, then if they fail, fix the code and run them again. Then deploy.",
    steps: ["Run the tests", "fix the code (if they fail)", "run them again (if they fail)", "deploy"],
  },
  {
    drawing: "fetch (every morning) → summarize → post",
    text: "Every morning, fetch the latest issues from GitHub, summarize them, and post the summary to Slack.",
    steps: ["fetch the latest issues from GitHub (every morning)", "summarize them", "post the summary to Slack"],
    variables: {},
  },
  {
    drawing: "checkout → (test suite ∥ linter) → review → ⏸   (input: PR number)",
    text: "Take the PR number as input. Check out the PR, run the test suite and the linter at the same time, then have an agent review the diff. If everything passes, ask me to approve the merge.",
    steps: [
      "Check out the PR",
      "run the test suite",
      "run the linter",
      "have an agent review the diff",
      "ask me to approve the merge (if everything passes)",
    ],
    groups: [[2, 3]],
    variables: { pr_number: true },
    pauses: [5],
  },
];

function stepGroups(result: DescribeSuccess): number[][] {
  const groups = new Map<string, number[]>();
  for (const s of result.intent.steps)
    if (s.parallel_group) groups.set(s.parallel_group, [...(groups.get(s.parallel_group) ?? []), s.seq]);
  return [...groups.values()];
}

describe("describeWorkflow: descriptions of many shapes", () => {
  it("has at least 25 cases", () => expect(CASES.length).toBeGreaterThanOrEqual(25));

  for (const c of CASES) {
    it(`${c.drawing} — ${JSON.stringify(c.text.slice(0, 60))}`, () => {
      const result = describeWorkflow(c.text, { now: NOW });
      if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
      const { intent, template } = result;

      expect(intent.steps.map((s) => s.description)).toEqual(c.steps);
      expect(stepGroups(result)).toEqual(c.groups ?? []);
      if (c.variables) {
        expect(Object.fromEntries(Object.entries(intent.variables).map(([k, v]) => [k, v.required]))).toEqual(
          c.variables,
        );
      }
      const pauses = intent.steps.filter((s) => s.type_hint === "checkpoint").map((s) => s.seq);
      expect(pauses).toEqual(c.pauses ?? []);
      if (c.taskType) expect(intent.task_type).toBe(c.taskType);
      if (c.complexity) expect(intent.complexity).toBe(c.complexity);
      for (const [seq, command] of Object.entries(c.commands ?? {})) {
        const node = template.nodes.find((n) => n.id === `N-${seq.padStart(3, "0")}`);
        expect(node).toMatchObject({ type: "shell", args_template: command });
      }

      // Each step is one node; each pause is a user checkpoint that waits for a person.
      for (const step of intent.steps) {
        const node = template.nodes.find((n) => n.id === `N-${String(step.seq).padStart(3, "0")}`);
        expect(node).toBeDefined();
        if (pauses.includes(step.seq)) expect(node).toMatchObject({ type: "checkpoint", auto_continue: false });
        else expect(node!.type).not.toBe("checkpoint");
      }
      expect(template.checkpoints.sort()).toEqual(
        template.nodes
          .filter((n) => n.type === "checkpoint")
          .map((n) => n.id)
          .sort(),
      );
      // Every variable the nodes reference is in context_schema, and the template validates clean.
      for (const name of Object.keys(intent.variables)) expect(template.context_schema[name]).toBeDefined();
      const validation = validateTemplate(template);
      expect(validation.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    });
  }
});

describe("describeWorkflow: edges, fan-out and fan-in", () => {
  /*
   *   N-001 plan ──▶ CP-01 ──┬──▶ N-002 implement ──┬──▶ N-004 test ──▶ N-005 ⏸
   *                          └──▶ N-003 docs ───────┘
   *   (checkpoints may sit on the fan-in edges; every path still runs plan → … → test → pause)
   */
  it("wires the parallel group between the stage before and the stage after it", () => {
    const r = describeWorkflow(
      "plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review",
      { now: NOW },
    );
    if (!r.ok) throw new Error("expected ok");
    const edges = r.template.edges;
    const succ = (id: string) => edges.filter((e) => e.from === id).map((e) => e.to);
    /** Follows checkpoints the injector added, to the next work node(s). */
    const workSucc = (id: string): string[] =>
      succ(id).flatMap((t) =>
        r.template.nodes.find((n) => n.id === t)?.type === "checkpoint" && t.startsWith("CP-") ? workSucc(t) : [t],
      );
    expect(workSucc("N-001").sort()).toEqual(["N-002", "N-003"]);
    expect(workSucc("N-002")).toEqual(["N-004"]);
    expect(workSucc("N-003")).toEqual(["N-004"]);
    expect(workSucc("N-004")).toEqual(["N-005"]);
    expect(edges.some((e) => e.from === "N-002" && e.to === "N-003")).toBe(false);
    expect(r.template.execution_mode).toBe("parallel");
  });

  it("injects checkpoints by the injection rules and reports which rule placed each", () => {
    const r = describeWorkflow("Analyze the logs, then write a plan, then implement it", { now: NOW });
    if (!r.ok) throw new Error("expected ok");
    const injected = r.template.nodes.filter((n) => n.type === "checkpoint" && n.injected === true);
    expect(injected.length).toBeGreaterThan(0);
    expect(r.report.checkpoints.map((c) => c.id).sort()).toEqual(injected.map((n) => n.id).sort());
    expect(r.report.checkpoints.every((c) => c.rule.length > 0)).toBe(true);
  });

  it("applies the context rules of docs/describe.md and pins {prev_*} past injected checkpoints", () => {
    const r = describeWorkflow("Analyze the logs, then write a plan, then implement it, then run the tests", {
      now: NOW,
    });
    if (!r.ok) throw new Error("expected ok");
    const args = (id: string) => r.template.nodes.find((n) => n.id === id)?.args_template ?? "";
    // planning after analysis: --context; the analysis node is followed by a checkpoint, so it is pinned.
    expect(args("N-002")).toMatch(/--context \{(prev_output_path|N-001\.output_path)\}$/);
    expect(args("N-003")).toMatch(/--resume-session \{N-002\.session_id\}$/);
    expect(args("N-004")).toMatch(/--session \{N-003\.session_id\}$/);
    const n2Preds = r.template.edges.filter((e) => e.to === "N-002").map((e) => e.from);
    if (n2Preds.some((p) => p.startsWith("CP-"))) expect(args("N-002")).toContain("{N-001.output_path}");
  });

  it("gives an agent step after a fan-in the outputs of every branch", () => {
    const r = describeWorkflow("Research competitors and research pricing in parallel, then brainstorm options", {
      now: NOW,
    });
    if (!r.ok) throw new Error("expected ok");
    const last = r.template.nodes.find((n) => n.id === "N-003");
    expect(last?.args_template).toContain("{N-001.output}");
    expect(last?.args_template).toContain("{N-002.output}");
  });

  it("is deterministic for the same text and clock", () => {
    const text = "plan [feature], then implement it and write docs in parallel, then let me review";
    expect(JSON.stringify(describeWorkflow(text, { now: NOW }))).toBe(
      JSON.stringify(describeWorkflow(text, { now: NOW })),
    );
  });

  it("names the template from the task type and the first words, with a dated id", () => {
    const r = describeWorkflow("Fix the login bug, then run the tests", { now: NOW });
    if (!r.ok) throw new Error("expected ok");
    expect(r.template.template_id).toMatch(/^wft-bugfix-[a-z0-9-]+-20261129$/);
    expect(r.template.tags).toEqual(["bugfix", "simple"]);
    expect(r.intent.session_id).toMatch(/^WFD-bugfix-[a-z0-9-]+-20261129$/);
  });
});

describe("describeWorkflow: bad input", () => {
  for (const [label, text, code] of [
    ["empty", "", "DS001"],
    ["blank", "  \n\t ", "DS001"],
    ["no verb", "asdf qwerty", "DS002"],
    ["punctuation", "...!!!", "DS002"],
  ] as const) {
    it(`${label} → ${code} with the describe question, and no template`, () => {
      const r = describeWorkflow(text, { now: NOW });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.diagnostics.map((d) => d.code)).toEqual([code]);
      expect(r.diagnostics[0].message).toContain(DESCRIBE_PROMPT);
      expect("template" in r).toBe(false);
    });
  }
});

describe("describeWorkflow: a user catalog", () => {
  /*
   *  N-001 draft (agent, inline) ─▶ N-002 pytest (shell, inline) ─▶ N-003 announce (http, inline)
   */
  it("emits `emit: inline` entries as shell / agent / http nodes that validate clean", () => {
    const catalog = ExecutorCatalogSchema.parse({
      entries: {
        draft: {
          emit: "inline",
          recipe: { kind: "agent", provider: "claude", prompt: "Draft this: {args}" },
          match: { keywords: ["draft"] },
        },
        pytest: { emit: "inline", recipe: { kind: "shell", command: "pytest -q" }, match: { keywords: ["tests"] } },
        announce: {
          emit: "inline",
          recipe: { kind: "http", url: "{webhook_url}", body: '{"text":"done"}' },
          match: { keywords: ["announce"] },
          variables: { webhook_url: { type: "string", required: true, description: "hook" } },
        },
      },
    });
    const r = describeWorkflow("Draft the {topic} post, then run the tests, then announce it", { now: NOW, catalog });
    if (!r.ok) throw new Error("expected ok");
    const work = r.template.nodes.filter((n) => n.id.startsWith("N-"));
    expect(work.map((n) => n.type)).toEqual(["agent", "shell", "http"]);
    expect(work[0]).toMatchObject({ provider: "claude", args_template: "Draft this: Draft the {topic} post" });
    expect(work[1]).toMatchObject({ args_template: "pytest -q", executor: "sh" });
    expect(work[2]).toMatchObject({ method: "POST", url: "{webhook_url}" });
    expect(Object.keys(r.template.context_schema).sort()).toEqual(["topic", "webhook_url"]);
    expect(validateTemplate(r.template).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("uses a plain agent node when nothing matches and the catalog has no fallback entry", () => {
    const catalog = ExecutorCatalogSchema.parse({
      entries: { test: { recipe: { kind: "shell", command: "npm test" }, match: { keywords: ["tests"] } } },
    });
    const r = describeWorkflow("Feed the cat, then run the tests", { now: NOW, catalog });
    if (!r.ok) throw new Error("expected ok");
    expect(r.template.nodes.find((n) => n.id === "N-001")).toMatchObject({ type: "agent", executor: "default" });
    expect(r.template.nodes.find((n) => n.id === "N-002")).toMatchObject({ type: "skill", executor: "test" });
    expect(r.assumptions.some((a) => a.includes("matched no catalog entry"))).toBe(true);
  });
});

describe("a parallel list shares its verb, whatever the verb", () => {
  /*
   *  N-001 fetch ──┬──▶ N-002 <verb> the daily totals
   *                ├──▶ N-003 <verb> the weekly totals
   *                └──▶ N-004 <verb> the monthly totals
   */
  it.each(["compute", "tabulate", "frobnicate", "build", "run"])("%s", (verb) => {
    const r = describeWorkflow(
      `Fetch the sales data. After that, ${verb} the daily totals, the weekly totals and the monthly totals in parallel`,
      { now: NOW },
    );
    if (!r.ok) throw new Error("expected ok");
    const work = r.template.nodes.filter((n) => n.id.startsWith("N-"));
    expect(work.map((n) => n.name.toLowerCase())).toEqual([
      "fetch the sales data",
      ...["daily", "weekly", "monthly"].map((p) => `${verb} the ${p} totals`),
    ]);
    const group = work[1].parallel_group;
    expect(group).toBeTruthy();
    expect(work.slice(1).every((n) => n.parallel_group === group)).toBe(true);
    expect(work[0].parallel_group ?? null).toBeNull();
    // Each parallel node runs after the fetch (directly, or through an injected checkpoint).
    const reaches = (from: string, to: string): boolean =>
      r.template.edges.some((e) => e.from === from && (e.to === to || (!e.to.startsWith("N-") && reaches(e.to, to))));
    for (const n of work.slice(1)) expect(reaches("N-001", n.id)).toBe(true);
  });
});

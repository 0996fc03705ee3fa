/**
 * One short description per reading rule (docs/describe.md): the steps, the flow by step number
 * (`→` order, `∥` parallel, `⏸` a pause for a person) and the assumption that says how it was read.
 * Then bad input: never a crash, never an empty step name.
 */
import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { DESCRIBE_PROMPT } from "./describe-issues";
import { describeWorkflow, type DescribeSuccess } from "./describe-workflow";
import { summarizeDescribed } from "./summarize-described";

const NOW = new Date("2026-11-29T10:00:00Z");

function read(text: string): DescribeSuccess {
  const r = describeWorkflow(text, { now: NOW });
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  expect(validateTemplate(r.template).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return r;
}

interface Rule {
  rule: string;
  text: string;
  steps: string[];
  flow: string;
  /** A substring of one assumption. */
  says: string;
}

const RULES: Rule[] = [
  {
    rule: "a verb governs the objects after it, never the next verb's",
    text: "clean it and compute totals in parallel with drawing a chart",
    steps: ["clean it", "compute totals", "draw a chart"],
    flow: "1 → (2 ∥ 3)",
    says: `"in parallel with drawing a chart" read as: "compute totals" ∥ "draw a chart", both after "clean it".`,
  },
  {
    rule: "ordinals order steps and leave names",
    text: "First, fetch the data. Second, clean it. Third, compute totals. Finally, publish the report.",
    steps: ["fetch the data", "clean it", "compute totals", "publish the report"],
    flow: "1 → 2 → 3 → 4",
    says: `Sequence words ("first", "second", "third", "finally")`,
  },
  {
    rule: "a sequence word at the end of a clause only orders",
    text: "Run the tests first, and then deploy",
    steps: ["Run the tests", "deploy"],
    flow: "1 → 2",
    says: `"first"`,
  },
  {
    rule: "each in parallel: one step per object, the verb and its preposition kept",
    text: "translate the README into French, German and Japanese, each in parallel, then publish the translations",
    steps: [
      "translate the README into French",
      "translate the README into German",
      "translate the README into Japanese",
      "publish the translations",
    ],
    flow: "(1 ∥ 2 ∥ 3) → 4",
    says: `"each in parallel" read as:`,
  },
  {
    rule: "at the same time: one step per object",
    text: "run A, B and C at the same time",
    steps: ["run A", "run B", "run C"],
    flow: "(1 ∥ 2 ∥ 3)",
    says: `The verb of "run A" applies to each object after it: "run B", "run C".`,
  },
  {
    rule: "one after another: one step per object, in order",
    text: "deploy to staging, canary and production, one after another",
    steps: ["deploy to staging", "deploy to canary", "deploy to production"],
    flow: "1 → 2 → 3",
    says: `"one after another" read as: one step per object, in order`,
  },
  {
    rule: "modifiers share the noun after them",
    text: "run the unit, integration and e2e tests in parallel",
    steps: ["run the unit tests", "run the integration tests", "run the e2e tests"],
    flow: "(1 ∥ 2 ∥ 3)",
    says: "read as one step per modifier",
  },
  {
    rule: "once I've approved it: a pause before the step it guards",
    text: "draft the post, then publish it once I've approved it",
    steps: ["draft the post", "wait until I've approved it", "publish it"],
    flow: "1 → ⏸2 → 3",
    says: `"once I've approved it" read as: a pause for a person before "publish it", not a step of its own.`,
  },
  {
    rule: "after I sign off, leading",
    text: "write the notes; after I sign off, release the build",
    steps: ["write the notes", "wait until I sign off", "release the build"],
    flow: "1 → ⏸2 → 3",
    says: `"after I sign off" read as: a pause for a person before "release the build"`,
  },
  {
    rule: "wait for my OK is a pause of its own",
    text: "build it, wait for my OK, then deploy",
    steps: ["build it", "wait for my OK", "deploy"],
    flow: "1 → ⏸2 → 3",
    says: `Step 2 ("wait for my OK") pauses the run until a person approves.`,
  },
  {
    rule: "a person named by role approves too",
    text: "Transcribe the episode, then publish it once the host approves it",
    steps: ["Transcribe the episode", "wait until the host approves it", "publish it"],
    flow: "1 → ⏸2 → 3",
    says: "a pause for a person",
  },
  {
    rule: "a condition on a person right after a pause is covered by it",
    text: "let me review the draft, then once I've approved it, publish it",
    steps: ["let me review the draft", "publish it"],
    flow: "⏸1 → 2",
    says: "is covered by the pause just before it",
  },
  {
    rule: "when both … only orders",
    text: "run the unit tests and the e2e tests in parallel; when both pass, deploy",
    steps: ["run the unit tests", "run the e2e tests", "deploy"],
    flow: "(1 ∥ 2) → 3",
    says: `"when both pass" read as order`,
  },
  {
    rule: "before that moves a step back",
    text: "Deploy to production. Before that, run the smoke tests.",
    steps: ["run the smoke tests", "Deploy to production"],
    flow: "1 → 2",
    says: `"Before that" read as: "run the smoke tests" runs earlier.`,
  },
  {
    rule: "before deploying: the deferred action is the next step",
    text: "run the tests before deploying",
    steps: ["run the tests", "deploy"],
    flow: "1 → 2",
    says: `"before deploying" read as: "deploy" runs after "run the tests".`,
  },
  {
    rule: "meanwhile joins the step before",
    text: "Plan the migration. Meanwhile, back up the database.",
    steps: ["Plan the migration", "back up the database"],
    flow: "(1 ∥ 2)",
    says: `"Meanwhile" read as: "back up the database" runs alongside "Plan the migration".`,
  },
  {
    rule: "a statement is context, not a step",
    text: "This runs every night. Fetch the logs and summarize them.",
    steps: ["Fetch the logs", "summarize them"],
    flow: "1 → 2",
    says: `"This runs every night" has no action verb and reads as context`,
  },
  {
    rule: "a subject before a verb is dropped",
    text: "First we build the app, then we deploy it.",
    steps: ["build the app", "deploy it"],
    flow: "1 → 2",
    says: `Sequence words ("first", "then")`,
  },
  {
    rule: "a list heading with a colon is not a step; verbless sub-items take its words",
    text: "1. Deploy to:\n   - staging\n   - production\n2. Announce the release",
    steps: ["deploy to staging", "deploy to production", "Announce the release"],
    flow: "1 → 2 → 3",
    says: `The words of "Deploy to:" apply to each item under it`,
  },
];

describe("the reading rules", () => {
  for (const r of RULES) {
    it(`${r.rule}: ${JSON.stringify(r.text)}`, () => {
      const result = read(r.text);
      const summary = summarizeDescribed(result.template);
      expect(summary.steps).toEqual(r.steps);
      expect(summary.flow).toBe(r.flow);
      expect(
        result.assumptions.some((a) => a.includes(r.says)),
        result.assumptions.join("\n"),
      ).toBe(true);
    });
  }
});

describe("bad input: a clear message, or a best-effort template with the reading said", () => {
  it.each([
    ["empty", "", "DS001"],
    ["no verb", "lorem ipsum dolor sit amet", "DS002"],
    ["markup only", "<div><span></span></div><br/>", "DS002"],
    ["emoji only", "🚀🎉✅🔥", "DS002"],
    ["control characters only", "\u0000\u0007\uE000\uE001", "DS002"],
    ["statements only", "This is our weekly report. It is long.", "DS002"],
  ])("%s → %s with the question", (_label, text, code) => {
    const r = describeWorkflow(text, { now: NOW });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics.map((d) => d.code)).toEqual([code]);
    expect(r.diagnostics[0].message).toContain(DESCRIBE_PROMPT);
  });

  it("50 KB: every sentence read, no step without a name", () => {
    const sentence = "Fetch the orders for {region}, then validate them and email the summary to the team. ";
    const text = sentence.repeat(Math.ceil(51_200 / sentence.length));
    const r = read(text);
    const work = r.template.nodes.filter((n) => n.id.startsWith("N-"));
    expect(work).toHaveLength(3 * Math.ceil(51_200 / sentence.length));
    for (const n of r.template.nodes) expect(n.name.trim()).not.toBe("");
    expect(r.template.context_schema).toHaveProperty("region");
  });

  it("markup: HTML tags, Markdown emphasis, links and headings are dropped, and said", () => {
    const r = read(
      "# Release\n\n<p>**Build** the [app](https://example.com) &amp; the docs,</p> then _test_ them <script>alert(1)</script>",
    );
    expect(summarizeDescribed(r.template).steps).toEqual(["Build the app & the docs", "test them"]);
    expect(r.assumptions).toContain("HTML markup was removed before reading.");
    expect(r.assumptions.some((a) => a.includes(`Headings ("Release")`))).toBe(true);
  });

  it("emoji and symbols: ignored, and said; arrows still order", () => {
    const r = read("🚀 build the app → ✅ run the tests → 📦 publish it 🎉");
    expect(summarizeDescribed(r.template)).toMatchObject({
      steps: ["build the app", "run the tests", "publish it"],
      flow: "1 → 2 → 3",
    });
    expect(r.assumptions).toContain("Emoji and other symbols were ignored.");
  });

  it("a code block: one command per line", () => {
    const r = read("Run these:\n```sh\nnpm ci\nnpm test\n```\nthen deploy.");
    expect(r.template.nodes.filter((n) => n.type === "shell").map((n) => n.args_template)).toEqual([
      "npm ci",
      "npm test",
    ]);
  });
});

/**
 * Describe speed (rules only): a one-line sentence, the 12-step list, and a 200-step generated
 * description (parse + resolve + checkpoint injection + validation). Interactive use wants the
 * 12-step case well under 50 ms median.
 */
import { parseIntent } from "@/lib/describe/parse-intent";
import { describeWorkflow } from "@/lib/describe/describe-workflow";
import { fmt, medianMs } from "./measure";

const SENTENCE = "plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review";
const TWELVE = [
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
]
  .map((s, i) => `${i + 1}. ${s}`)
  .join("\n");
const VERBS = [
  "analyze the logs",
  "write a plan",
  "implement it",
  "run the tests",
  "review the changes",
  "update the docs",
];
const LONG = Array.from({ length: 200 }, (_, i) =>
  i % 10 === 5 ? `${VERBS[i % 6]} and ${VERBS[(i + 1) % 6]} in parallel` : VERBS[i % 6],
).join(", then ");

export default async function bench(): Promise<void> {
  const now = new Date("2026-11-29T00:00:00Z");
  for (const [label, text] of [
    ["sentence (5 steps)", SENTENCE],
    ["12-step list", TWELVE],
    ["200-step prose", LONG],
  ] as const) {
    const parse = await medianMs(() => parseIntent(text, { now }), 15, 3);
    const full = await medianMs(() => describeWorkflow(text, { now }), 15, 3);
    const r = describeWorkflow(text, { now });
    const nodes = r.ok ? r.template.nodes.length : 0;
    console.log(
      `${label.padEnd(20)} parse ${fmt(parse).padStart(9)}   describe ${fmt(full).padStart(9)}   (${nodes} nodes)`,
    );
  }
}

/**
 * The table of descriptions as people write them (real-world-descriptions.json), through
 * `describeWorkflow` — what `compose.describe` calls. The same table runs through the real
 * `wf describe --json` in server/cli/commands/describe-real-world.test.ts.
 */
import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { describeWorkflow } from "./describe-workflow";
import TABLE from "./real-world-descriptions.json";
import { summarizeDescribed, type DescribedSummary } from "./summarize-described";

const NOW = new Date("2026-11-29T10:00:00Z");
const CASES: ReadonlyArray<DescribedSummary & { area: string; text: string }> = TABLE.map((c) => ({
  ...c,
  variables: Object.fromEntries(Object.entries(c.variables).map(([k, v]) => [k, v === true])),
}));
/** Words that order or join steps; a step's name never begins or ends with one. */
const CONNECTIVE =
  /^(?:and|or|but|then|so|also|plus|each|both|once|when|while|after|before|first|firstly|second|secondly|third|thirdly|next|finally|lastly|afterwards|meanwhile)$/i;

function edgeWords(name: string): string[] {
  const words = name
    .replace(/[^\p{L}\p{N}\s'’-]/gu, " ")
    .trim()
    .split(/\s+/);
  return [words[0], words.at(-1)!];
}

describe("describe reads descriptions as people write them", () => {
  it("has at least 40 descriptions from every area", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.area))).toEqual(
      new Set(["ci", "data", "content", "incident", "release", "research", "mixed"]),
    );
  });

  for (const c of CASES) {
    it(`${c.area}: ${c.flow} — ${JSON.stringify(c.text.slice(0, 70))}`, () => {
      const r = describeWorkflow(c.text, { now: NOW });
      if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
      expect(summarizeDescribed(r.template)).toEqual({ steps: c.steps, flow: c.flow, variables: c.variables });
      // The intent says the same: its steps are the template's, pauses are its checkpoints.
      expect(r.intent.steps.map((s) => s.description)).toEqual(c.steps);
      const pauses = r.intent.steps.filter((s) => s.type_hint === "checkpoint").map((s) => `⏸${s.seq}`);
      expect(pauses).toEqual(c.flow.match(/⏸\d+/g) ?? []);
      for (const node of r.template.nodes.filter((n) => n.id.startsWith("N-"))) {
        expect(node.name.trim()).not.toBe("");
        for (const word of edgeWords(node.name)) expect(word, node.name).not.toMatch(CONNECTIVE);
      }
      expect(validateTemplate(r.template).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    });
  }
});

describe("the model docs example and the sales-report sentence", () => {
  /*
   *  N-001 plan ─▶ ┬─▶ N-002 implement ─┬─▶ N-004 test ─▶ N-005 ⏸
   *                └─▶ N-003 docs ──────┘
   */
  it("plan → (implement ∥ docs) → tests → pause", () => {
    const r = describeWorkflow(
      "plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review",
      { now: NOW },
    );
    if (!r.ok) throw new Error("expected ok");
    expect(summarizeDescribed(r.template).flow).toBe("1 → (2 ∥ 3) → 4 → ⏸5");
  });

  /*
   *  N-001 fetch ─▶ N-002 clean ─┬─▶ N-003 totals ─┬─▶ N-005 ⏸ ─▶ N-006 publish
   *                              └─▶ N-004 chart ──┘
   */
  it("a verb governs its own objects: clean → (totals ∥ chart) → pause → publish, and says how it read it", () => {
    const r = describeWorkflow(
      "fetch the sales data for {region}, then clean it and compute totals in parallel with drawing a chart, pause so I can review, then publish the report",
      { now: NOW },
    );
    if (!r.ok) throw new Error("expected ok");
    expect(r.template.nodes.filter((n) => n.id.startsWith("N-")).map((n) => n.name)).toEqual([
      "Fetch the sales data for {region}",
      "Clean it",
      "Compute totals",
      "Draw a chart",
      "Pause so I can review",
      "Publish the report",
    ]);
    expect(summarizeDescribed(r.template).flow).toBe("1 → 2 → (3 ∥ 4) → ⏸5 → 6");
    expect(r.template.nodes.find((n) => n.id === "N-005")).toMatchObject({ type: "checkpoint", auto_continue: false });
    expect(r.assumptions).toContain(
      `"in parallel with drawing a chart" read as: "compute totals" ∥ "draw a chart", both after "clean it".`,
    );
  });
});

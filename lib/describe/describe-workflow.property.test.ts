import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { describeWorkflow } from "./describe-workflow";

const NOW = new Date("2026-11-29T10:00:00Z");

/** Words and markers the rules react to, so random text walks through every branch. */
const TOKENS = [
  "plan",
  "implement",
  "run",
  "the",
  "tests",
  "docs",
  "write",
  "review",
  "fix",
  "bug",
  "deploy",
  "analyze",
  "then",
  "after that",
  "next",
  "finally",
  "once",
  "is done",
  "in parallel",
  "meanwhile",
  "at the same time",
  "and also",
  "while",
  "and",
  ",",
  ".",
  ";",
  ":",
  "pause",
  "let me review",
  "ask me",
  "approve",
  "wait for",
  "{goal}",
  "[feature]",
  "<scope>",
  "`npm test`",
  "if",
  "unless",
  "\n1.",
  "\n-",
  "\n  -",
  "→",
  "the target",
  "as input",
  "take",
  "{prev_output}",
  "e.g.",
  "constructor",
  "(",
  ")",
  '"',
  "'",
  "ünïcode",
  "   ",
];

describe("describeWorkflow on arbitrary text", () => {
  it("never throws; refuses with DS001/DS002, or returns a template that validates without errors", () => {
    const text = fc.oneof(
      fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((t) => t.join(" ")),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(text, (t) => {
        const r = describeWorkflow(t, { now: NOW });
        if (!r.ok) {
          expect(r.diagnostics.map((d) => d.code)).toEqual([t.trim() ? "DS002" : "DS001"]);
          return;
        }
        expect(r.intent.steps.length).toBeGreaterThan(0);
        const errors = validateTemplate(r.template).diagnostics.filter((d) => d.severity === "error");
        expect(errors).toEqual([]);
      }),
      { numRuns: 400, seed: 20261129 },
    );
  });
});

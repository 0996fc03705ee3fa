import { describe, expect, it } from "vitest";
import { completionsAt, referenceSuggestions } from "./reference-suggestions";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";

//   A → B → C     D
const t = graph("refs").chain("A", "B", "C").node("D").vars("goal").build();

describe("reference suggestions", () => {
  it("offers variables, upstream outputs only, and prev_* names", () => {
    const texts = referenceSuggestions(t, "C").map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(["{goal}", "{A.output}", "{B.output}", "{prev_output}"]));
    expect(texts).not.toContain("{D.output}");
    expect(texts).not.toContain("{iteration}");
  });

  it("completes the reference being typed at the caret", () => {
    const s = referenceSuggestions(t, "C");
    expect(completionsAt("echo {go", 8, s)).toEqual({ from: 5, items: [expect.objectContaining({ text: "{goal}" })] });
    expect(completionsAt("echo {goal} x", 13, s)).toBeNull();
    expect(completionsAt("echo {A", 7, s)?.items.map((i) => i.text)).toEqual(["{A.output}"]);
  });
});

import { describe, expect, it } from "vitest";
import { contentHash } from "./content-hash";
import { nextVersionedSlug, planTemplateFile, slugify, templateIdFor } from "./template-identity";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";

describe("identity", () => {
  it("slugifies names and builds template ids", () => {
    expect(slugify("Feature TDD with Review")).toBe("feature-tdd-with-review");
    expect(slugify("  Ünïcode — naïve!! ")).toBe("unicode-naive");
    expect(slugify("???")).toBe("workflow");
    expect(slugify("a".repeat(80))).toHaveLength(60);
    expect(templateIdFor("Feature TDD with Review", new Date("2026-03-17T10:00:00Z"))).toBe(
      "wft-feature-tdd-with-review-20260317",
    );
  });

  it("saving identical content is a no-op, changed content gets the next -vN name", () => {
    const t = graph("X").chain("A", "B").build();
    const existing = new Map([["x", contentHash(t)]]);
    expect(planTemplateFile("x", contentHash(structuredClone(t)), existing)).toEqual({ slug: "x", unchanged: true });
    expect(planTemplateFile("x", contentHash({ ...t, description: "new" }), existing)).toEqual({
      slug: "x-v2",
      unchanged: false,
    });
  });

  it("applies the -v2 rule for files", () => {
    const taken = new Set(["plan", "plan-v2"]);
    expect(nextVersionedSlug("plan", (s) => taken.has(s))).toBe("plan-v3");
    expect(nextVersionedSlug("new", (s) => taken.has(s))).toBe("new");
    const existing = new Map([
      ["plan", "h1"],
      ["plan-v2", "h2"],
    ]);
    expect(planTemplateFile("plan", "h2", existing)).toEqual({ slug: "plan-v2", unchanged: true });
    expect(planTemplateFile("plan", "h1", existing)).toEqual({ slug: "plan", unchanged: true });
    expect(planTemplateFile("plan", "h3", existing)).toEqual({ slug: "plan-v3", unchanged: false });
    expect(planTemplateFile("other", "h3", existing)).toEqual({ slug: "other", unchanged: false });
  });
});

import { describe, expect, it } from "vitest";
import { slugify, templateIdFor } from "./template-identity";

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
});

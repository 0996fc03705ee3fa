import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256";
import {
  canonicalJson,
  contentHash,
  nextVersionedSlug,
  planTemplateFile,
  slugify,
  templateIdFor,
} from "./template-identity";
import { graph } from "./test-graph-builder";

describe("sha256Hex", () => {
  it("matches the standard test vectors", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("agrees with node:crypto on any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (s) => {
        expect(sha256Hex(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
      }),
      { numRuns: 300 },
    );
  });
});

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

  it("hashes content, not key order or save metadata", () => {
    const t = graph("X").chain("A", "B").build();
    const reordered = Object.fromEntries(Object.entries(t).reverse());
    expect(contentHash(reordered)).toBe(contentHash(t));
    expect(contentHash({ ...t, version: "2.0", created_at: "now" })).toBe(contentHash(t));
    expect(contentHash({ ...t, name: "Y" })).not.toBe(contentHash(t));
    expect(contentHash(t)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(canonicalJson({ b: [1, { d: undefined, c: null }], a: "x" })).toBe('{"a":"x","b":[1,{"c":null}]}');
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

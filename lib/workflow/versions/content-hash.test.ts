import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash, contentHashInSlices } from "./content-hash";
import { Sha256, sha256Hex } from "./sha256";
import { finish, SLICE_ITEMS } from "@/lib/workflow/slices/sliced";

describe("sha256Hex", () => {
  it("matches node:crypto on known vectors and random text", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (s) => {
        expect(sha256Hex(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
      }),
    );
  });
});

describe("Sha256", () => {
  it("gives the same digest fed in any pieces", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 700 }),
        fc.array(fc.nat({ max: 700 }), { maxLength: 6 }),
        (bytes, cuts) => {
          const sha = new Sha256();
          let at = 0;
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            sha.update(bytes.subarray(at, Math.max(at, Math.min(cut, bytes.length))));
            at = Math.max(at, Math.min(cut, bytes.length));
          }
          sha.update(bytes.subarray(at));
          expect(sha.hex()).toBe(createHash("sha256").update(bytes).digest("hex"));
        },
      ),
    );
  });
});

describe("contentHash", () => {
  it("in slices gives the same hash, large lists at the top or in the top object included", () => {
    const large = fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)), {
      minLength: SLICE_ITEMS + 1,
      maxLength: SLICE_ITEMS + 30,
    });
    const value = fc.oneof(
      fc.dictionary(fc.string(), fc.oneof(fc.jsonValue({ maxDepth: 2 }), large, fc.constant(undefined)), {
        maxKeys: 4,
      }),
      large,
      fc.jsonValue({ maxDepth: 3 }),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(finish(contentHashInSlices(v))).toBe(contentHash(v));
      }),
      { numRuns: 40 },
    );
  });

  it("ignores key order and undefined fields, sees every value", () => {
    expect(contentHash({ a: 1, b: [1, 2], c: undefined })).toBe(contentHash({ b: [1, 2], a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
    expect(canonicalJson({ b: 1, a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":1}');
  });
});

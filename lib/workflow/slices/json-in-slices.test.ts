import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonInSlices } from "./json-in-slices";
import { finish, SLICE_ITEMS, type Sliced } from "./sliced";

/** Runs the work, counting the slices it yielded between. */
function slicesOf<T>(work: Sliced<T>): { value: T; slices: number } {
  let slices = 0;
  for (;;) {
    const step = work.next();
    if (step.done) return { value: step.value, slices };
    slices++;
  }
}

describe("jsonInSlices", () => {
  it("writes what JSON.stringify writes, for any JSON value with large arrays and objects inside", () => {
    const entry = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constant(undefined),
      fc.constant(() => 1),
      fc.date({ noInvalidDate: true }),
    );
    const large = fc.oneof(
      fc.array(entry, { minLength: SLICE_ITEMS + 1, maxLength: SLICE_ITEMS + 40 }),
      fc
        .uniqueArray(fc.string(), { minLength: SLICE_ITEMS + 1, maxLength: SLICE_ITEMS + 40 })
        .chain((keys) =>
          fc.tuple(fc.constant(keys), fc.array(entry, { minLength: keys.length, maxLength: keys.length })),
        )
        .map(([keys, values]) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))),
    );
    const value = fc.oneof(
      fc.dictionary(fc.string(), fc.oneof(entry, large), { maxKeys: 5 }),
      fc.array(fc.oneof(entry, large), { maxLength: 4 }),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(finish(jsonInSlices(v))).toBe(JSON.stringify(v));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps JavaScript's key order (array indexes first) and yields between slices of a large entry", () => {
    const nodes = Array.from({ length: 5 * SLICE_ITEMS }, (_, i) => ({ id: `n${i}`, n: i }));
    const value = { b: 1, 10: "ten", 2: "two", nodes, plan: Object.fromEntries(nodes.map((n) => [n.id, n])) };
    const { value: text, slices } = slicesOf(jsonInSlices(value));
    expect(text).toBe(JSON.stringify(value));
    expect(slices).toBeGreaterThanOrEqual(9);
  });
});

import { describe, expect, it } from "vitest";
import { PACK_ABOVE, packSpecText, unpackSpecText } from "./run-spec-text";

describe("run spec text", () => {
  it("keeps a small JSON text as it is", async () => {
    const json = JSON.stringify({ nodes: [{ id: "A", note: "wf-deflate: in a value" }] });
    expect(await packSpecText(json)).toBe(json);
    expect(unpackSpecText(json)).toBe(json);
  });

  it("deflates a large one and gives the same text back, characters outside ASCII included", async () => {
    const nodes = Array.from({ length: 40_000 }, (_, i) => ({ id: `n${i}`, name: `näme ${i} ✓ 🚀` }));
    const json = JSON.stringify({ nodes });
    expect(json.length).toBeGreaterThan(PACK_ABOVE);
    const stored = await packSpecText(json);
    expect(stored.startsWith("wf-deflate:")).toBe(true);
    expect(stored.length).toBeLessThan(json.length / 4);
    expect(unpackSpecText(stored)).toBe(json);
  });
});

import { describe, expect, it } from "vitest";
import { TurnBatch } from "./turn-batch";

/** A writer that records each statement's items and refuses any statement holding `bad`. */
function writer() {
  const statements: string[][] = [];
  const write = async (items: readonly string[]) => {
    statements.push([...items]);
    if (items.includes("bad")) throw new Error("refused: bad");
  };
  return { statements, write };
}

describe("TurnBatch", () => {
  it("writes what one turn adds as one statement, and answers each add once it is written", async () => {
    const w = writer();
    const batch = new TurnBatch(w.write);
    const added = [batch.add("a"), batch.add("b"), batch.add("c")];
    expect(w.statements).toEqual([]);
    await Promise.all(added);
    expect(w.statements).toEqual([["a", "b", "c"]]);
    // The next turn is a statement of its own.
    await batch.add("d");
    expect(w.statements).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("splits a turn into chunks", async () => {
    const w = writer();
    const batch = new TurnBatch(w.write, 2);
    await Promise.all(["a", "b", "c", "d", "e"].map((x) => batch.add(x)));
    expect(w.statements).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("an item at fault fails alone: its chunk is written again one by one", async () => {
    const w = writer();
    const batch = new TurnBatch(w.write);
    const results = await Promise.allSettled(["a", "bad", "c"].map((x) => batch.add(x)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(w.statements).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
    await expect(batch.add("bad")).rejects.toThrow("refused: bad");
  });
});

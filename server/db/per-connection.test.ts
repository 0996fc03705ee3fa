import { describe, expect, it } from "vitest";
import { openDatabase } from "./open-database";
import { perConnection } from "./per-connection";

describe("perConnection", () => {
  it("builds once per connection, and again for another one", () => {
    let made = 0;
    const count = perConnection((sqlite) => ({ n: ++made, stmt: sqlite.prepare("select 1 as one") }));
    const [a, b] = [openDatabase(":memory:"), openDatabase(":memory:")];
    expect(count(a)).toBe(count(a));
    expect(count(b)).not.toBe(count(a));
    expect(made).toBe(2);
    expect(count(b).stmt.get()).toEqual({ one: 1 });
    a.$client.close();
    b.$client.close();
  });
});

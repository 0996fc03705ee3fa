/**
 * The SQL seam's contract, the same cases on a SQLite file and a PostgreSQL database: `?` placeholders,
 * rows of the same shapes (bigint milliseconds and counts as numbers, booleans through `rawRowMapper`),
 * transactions that commit, roll back entirely, run one at a time, and refuse misuse.
 */
import { describe, expect, it } from "vitest";
import { rawRowMapper, type RawRow } from "@/server/db/map-raw-row";
import { agentProviders } from "@/server/db/schema";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import type { SqlDb } from "./sql-db";
import { TransactionMisuseError } from "./transaction-scope";

const toProvider = rawRowMapper(agentProviders);
const INSERT = "insert into agent_providers (name, kind, timeout_ms, is_default, updated_at) values (?, ?, ?, ?, ?)";
let made = 0;
const newName = () => `p${++made}`;

async function stored(sql: SqlDb, name: string): Promise<boolean> {
  return !!(await sql.get("select name from agent_providers where name = ?", [name]));
}

describe.each(SQL_DATABASES)("the SQL seam on %s", (kind) => {
  const d = useTestSqlDb(kind, () => undefined);

  it("binds ? placeholders and reads rows of the same shapes", async () => {
    const name = newName();
    const at = 1_733_000_000_123;
    expect(await d.sql.run(INSERT, [name, "cli", 90_000, true, at])).toEqual({ changes: 1 });
    const raw = await d.sql.get<RawRow>("select * from agent_providers where name = ?", [name]);
    expect(toProvider(raw!)).toMatchObject({ name, kind: "cli", timeoutMs: 90_000, isDefault: true, updatedAt: at });
    const count = await d.sql.get<{ n: number }>("select count(*) as n from agent_providers where name = ?", [name]);
    expect(count).toEqual({ n: 1 });
    expect(await d.sql.get("select * from agent_providers where name = ?", ["none"])).toBeUndefined();
    expect(await d.sql.all("select * from agent_providers where name = ?", ["none"])).toEqual([]);
    // A ? inside a string literal is not a placeholder.
    expect(await d.sql.get("select '?' as q, ? as v", ["x"])).toEqual({ q: "?", v: "x" });
    expect(await d.sql.run("update agent_providers set model = ? where name = ?", ["m", "none"])).toEqual({
      changes: 0,
    });
  });

  it("a transaction commits what its body wrote and answers its value", async () => {
    const [a, b] = [newName(), newName()];
    const value = await d.sql.transaction(async (tx) => {
      await tx.run(INSERT, [a, "cli", null, false, 1]);
      await tx.run(INSERT, [b, "openai", null, false, 2]);
      return (await tx.all("select name from agent_providers where name in (?, ?)", [a, b])).length;
    });
    expect(value).toBe(2);
    expect((await d.sql.all("select name from agent_providers where name in (?, ?)", [a, b])).length).toBe(2);
  });

  it("a transaction that throws leaves nothing written and rethrows", async () => {
    const name = newName();
    const failure = new Error("refused after writing");
    await expect(
      d.sql.transaction(async (tx) => {
        await tx.run(INSERT, [name, "cli", null, false, 1]);
        await tx.run("update agent_providers set model = 'changed'");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await stored(d.sql, name)).toBe(false);
    expect(await d.sql.get("select name from agent_providers where model = 'changed'")).toBeUndefined();
    // A statement the database refuses rolls back the body's earlier writes too.
    await expect(
      d.sql.transaction(async (tx) => {
        await tx.run(INSERT, [name, "cli", null, false, 1]);
        await tx.run(INSERT, [name, "cli", null, false, 1]);
      }),
    ).rejects.toThrow();
    expect(await stored(d.sql, name)).toBe(false);
  });

  it("transactions run one at a time: read-then-write increments are never lost", async () => {
    const name = newName();
    await d.sql.run(INSERT, [name, "cli", 0, false, 1]);
    const increment = () =>
      d.sql.transaction(async (tx) => {
        const row = await tx.get<{ t: number }>("select timeout_ms as t from agent_providers where name = ?", [name]);
        await tx.run("update agent_providers set timeout_ms = ? where name = ?", [row!.t + 1, name]);
      });
    await Promise.all(Array.from({ length: 8 }, increment));
    expect(await d.sql.get("select timeout_ms as t from agent_providers where name = ?", [name])).toEqual({ t: 8 });
  });

  it("a statement on the database meanwhile is not part of an open transaction", async () => {
    const [inside, outside] = [newName(), newName()];
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    let release!: () => void;
    // This body breaks the rule (it awaits something else) to hold the transaction open.
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = d.sql.transaction(async (tx) => {
      await tx.run(INSERT, [inside, "cli", null, false, 1]);
      opened();
      await held;
      throw new Error("rolled back");
    });
    await isOpen;
    const write = d.sql.run(INSERT, [outside, "cli", null, false, 1]);
    release();
    await expect(transaction).rejects.toThrow("rolled back");
    await write;
    expect(await stored(d.sql, inside)).toBe(false);
    expect(await stored(d.sql, outside)).toBe(true);
  });

  it("refuses a nested transaction, the database's methods inside one, and a tx used after it ended", async () => {
    const nested = d.sql.transaction(() => d.sql.transaction(async () => 1));
    await expect(nested).rejects.toThrow(TransactionMisuseError);
    await expect(nested).rejects.toThrow(/cannot begin inside another/);
    await expect(d.sql.transaction(() => d.sql.get("select 1 as one"))).rejects.toThrow(
      /use|run it on the transaction's tx/,
    );
    const leaked = await d.sql.transaction(async (tx) => tx);
    await expect(leaked.get("select 1 as one")).rejects.toThrow(/has ended/);
    // Outside any transaction the database answers as before.
    expect(await d.sql.get("select 1 as one")).toEqual({ one: 1 });
  });
});

/**
 * SQLite only: two connections to one file in one process (two servers' dependencies side by side, as the
 * tests build them) take turns as one database — a transaction on one never meets the other's open
 * transaction on the file lock, which would block the one thread for busy_timeout and then fail.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "@/server/db/open-database";
import { sqliteSql } from "./sqlite-sql";
import { TransactionMisuseError } from "./transaction-scope";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-sqlite-sql-"));
const file = path.join(dir, "wf.db");
const opened: Db[] = [];
const connect = () => {
  const db = openDatabase(file);
  opened.push(db);
  return sqliteSql(db);
};
afterAll(() => {
  for (const db of opened) db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const INSERT =
  "insert into agent_providers (name, kind, timeout_ms, is_default, updated_at) values (?, 'cli', ?, 0, 1)";

describe("sqliteSql on two connections to one file", () => {
  const [a, b] = [connect(), connect()];

  it("their transactions and statements take turns: none waits on the file lock", async () => {
    await a.run(INSERT, ["counter", 0]);
    const increment = (sql: typeof a) =>
      sql.transaction(async (tx) => {
        const row = await tx.get<{ t: number }>("select timeout_ms as t from agent_providers where name = ?", [
          "counter",
        ]);
        await tx.run("update agent_providers set timeout_ms = ? where name = ?", [row!.t + 1, "counter"]);
      });
    const started = Date.now();
    await Promise.all([
      ...Array.from({ length: 4 }, () => increment(a)),
      ...Array.from({ length: 4 }, () => increment(b)),
      b.run(INSERT, ["beside", 0]),
    ]);
    // busy_timeout is 5 s: a transaction that met the other's lock would have blocked for it.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await b.get("select timeout_ms as t from agent_providers where name = ?", ["counter"])).toEqual({ t: 8 });
    expect(await a.get("select name from agent_providers where name = ?", ["beside"])).toEqual({ name: "beside" });
  });

  it("inside a transaction on one, the other connection's methods are refused as the same database's", async () => {
    await expect(a.transaction(() => b.get("select 1 as one"))).rejects.toThrow(TransactionMisuseError);
    await expect(a.transaction(() => b.transaction(async () => 1))).rejects.toThrow(/cannot begin inside another/);
  });
});

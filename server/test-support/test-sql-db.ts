/**
 * Test helper: the SQL seam (server/db/sql/) over a migrated SQLite file in a temp folder or a fresh
 * PostgreSQL database on the tests' server, so a store's contract test runs the same cases on both
 * (`describe.each(SQL_DATABASES)`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import { openPgDatabase } from "@/server/db/pg/open-pg-database";
import { pgSql } from "@/server/db/sql/pg-sql";
import type { SqlDb } from "@/server/db/sql/sql-db";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createTestDatabase } from "./test-database";

export const SQL_DATABASES = ["sqlite", "postgres"] as const;
export type SqlDatabaseKind = (typeof SQL_DATABASES)[number];

interface TestSqlDb {
  kind: SqlDatabaseKind;
  sql: SqlDb;
  /** The SQL seam on another connection to the same database (another server's, as far as the database knows). */
  another(): Promise<SqlDb>;
  /** Closes the database and removes it. */
  close(): Promise<void>;
}

/** Closes what `open` opened, in the reverse order. */
function closers() {
  const opened: (() => Promise<void>)[] = [];
  return {
    add: (close: () => Promise<void>) => void opened.unshift(close),
    closeAll: async () => {
      for (const close of opened) await close();
    },
  };
}

async function openTestSqlDb(kind: SqlDatabaseKind): Promise<TestSqlDb> {
  const opened = closers();
  if (kind === "postgres") {
    const database = await createTestDatabase();
    opened.add(() => database.close());
    return {
      kind,
      sql: pgSql(database.pool),
      another: async () => {
        const other = await openPgDatabase(database.url, { migrate: false });
        opened.add(other.close);
        return pgSql(other.pool);
      },
      close: opened.closeAll,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-sql-"));
  opened.add(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const connect = () => {
    const db = openDatabase(path.join(dir, "wf.db"));
    opened.add(async () => void db.$client.close());
    return sqliteSql(db);
  };
  return { kind, sql: connect(), another: async () => connect(), close: opened.closeAll };
}

export interface TestStores<T> {
  readonly sql: SqlDb;
  /** What `build` made over `sql`. */
  readonly stores: T;
  /** The SQL seam on another connection to the same database, closed with it. */
  another(): Promise<SqlDb>;
}

/**
 * Call inside a `describe` (one per database kind): opens the database before its tests, builds the stores
 * under test over it, and closes it after them.
 */
export function useTestSqlDb<T>(kind: SqlDatabaseKind, build: (sql: SqlDb) => T): TestStores<T> {
  let open: { db: TestSqlDb; stores: T } | undefined;
  beforeAll(async () => {
    const db = await openTestSqlDb(kind);
    open = { db, stores: build(db.sql) };
  });
  afterAll(async () => {
    await open?.db.close();
    open = undefined;
  });
  const current = () => {
    if (!open) throw new Error("useTestSqlDb: the database is open only while the describe's tests run");
    return open;
  };
  return {
    get sql() {
      return current().db.sql;
    },
    get stores() {
      return current().stores;
    },
    another: () => current().db.another(),
  };
}

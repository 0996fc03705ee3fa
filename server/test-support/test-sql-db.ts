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
import { pgSql } from "@/server/db/sql/pg-sql";
import type { SqlDb } from "@/server/db/sql/sql-db";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createTestDatabase } from "./test-database";

export const SQL_DATABASES = ["sqlite", "postgres"] as const;
export type SqlDatabaseKind = (typeof SQL_DATABASES)[number];

interface TestSqlDb {
  kind: SqlDatabaseKind;
  sql: SqlDb;
  /** Closes the database and removes it. */
  close(): Promise<void>;
}

async function openTestSqlDb(kind: SqlDatabaseKind): Promise<TestSqlDb> {
  if (kind === "postgres") {
    const database = await createTestDatabase();
    return { kind, sql: pgSql(database.pool), close: () => database.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-sql-"));
  const db = openDatabase(path.join(dir, "wf.db"));
  return {
    kind,
    sql: sqliteSql(db),
    close: async () => {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestStores<T> {
  readonly sql: SqlDb;
  /** What `build` made over `sql`. */
  readonly stores: T;
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
  };
}

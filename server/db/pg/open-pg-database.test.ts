/** openPgDatabase on the run's real PostgreSQL server: migrating, concurrent opens, and what a failure says. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testPostgresUrl,
  withDatabase,
  type TestDatabase,
} from "@/server/test-support/test-database";
import { DatabaseOpenError } from "@/server/db/open-database-error";
import { openPgDatabase } from "./open-pg-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
});
afterAll(() => t?.close());

/** `url` with its user part replaced. */
function withUser(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

async function openError(url: string): Promise<DatabaseOpenError> {
  const err = await openPgDatabase(url).then(
    (d) => d.close().then(() => undefined),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DatabaseOpenError);
  return err as DatabaseOpenError;
}

describe("openPgDatabase", () => {
  it("applies drizzle/pg at open, and a second open finds nothing to apply", async () => {
    const first = await openPgDatabase(t.url);
    expect(first.appliedMigrations).toBeGreaterThan(0);
    const { rows } = await first.pool.query<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations");
    expect(Number(rows[0].n)).toBe(first.appliedMigrations);
    await first.close();
    const again = await openPgDatabase(t.url);
    expect(again.appliedMigrations).toBe(0);
    await again.db.execute(sql`select 1 from runs`);
    await again.close();
  });

  it("two opens at once on an empty database: one migrates, the other waits and finds it done", async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const opened = await Promise.all([
        openPgDatabase(fresh.url),
        openPgDatabase(fresh.url),
        openPgDatabase(fresh.url),
      ]);
      const applied = opened.map((o) => o.appliedMigrations).sort();
      expect(applied[0]).toBe(0);
      expect(applied[1]).toBe(0);
      expect(applied[2]).toBeGreaterThan(0);
      await Promise.all(opened.map((o) => o.close()));
    } finally {
      await fresh.close();
    }
  });

  it("the audit log stays append-only, as in SQLite", async () => {
    const { pool, close } = await openPgDatabase(t.url);
    try {
      await pool.query("insert into audit_log (actor, action) values ('a', 'b')");
      await expect(pool.query("update audit_log set actor = 'x'")).rejects.toThrow("audit_log is append-only");
      await expect(pool.query("delete from audit_log")).rejects.toThrow("audit_log is append-only");
      await expect(pool.query("truncate audit_log")).rejects.toThrow("audit_log is append-only");
    } finally {
      await close();
    }
  });

  it("a port nobody listens on: one clear line naming the URL, no stack, no password", async () => {
    const server = new URL(await testPostgresUrl());
    const url = `postgres://wf:s3cret-pw@127.0.0.1:1/${server.pathname.slice(1)}`;
    const err = await openError(url);
    expect(err.message).toBe(
      "Cannot open database postgres://wf:***@127.0.0.1:1/postgres: nothing accepts connections at 127.0.0.1:1 (connection refused): is the PostgreSQL server running there?",
    );
    expect(err.message).not.toContain("s3cret-pw");
  });

  it("a missing database and an unknown user are said in words", async () => {
    const missing = await openError(withDatabase(t.url, "wf_no_such_db"));
    expect(missing.message).toMatch(/the database "wf_no_such_db" does not exist on 127\.0\.0\.1:\d+/);
    const nobody = await openError(withUser(t.url, "nobody_here", "hunter2-secret"));
    expect(nobody.message).toMatch(/user "nobody_here" may not connect/);
    expect(nobody.message).toContain("nobody_here:***@");
    expect(nobody.message).not.toContain("hunter2-secret");
  });

  it("refuses a URL that is not PostgreSQL's", async () => {
    const err = await openError("mysql://u:pw@localhost/db");
    expect(err.message).toBe(
      "Cannot open database mysql://u:***@localhost/db: not a PostgreSQL URL (write postgres://user:password@host:port/database)",
    );
  });
});

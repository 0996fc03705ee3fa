/**
 * `wf serve` refuses a public bind address until an admin exists (docs/security.md), before building or binding —
 * on the SQLite file or on PostgreSQL (`WF_DATABASE_URL`), whose database it opens and migrates first.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/server/test-support/test-database";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";
import { isLoopbackHost, serveCommand } from "./serve-command";

const io = { out: () => {}, err: () => {} };
let t: TestDeps;
beforeEach(() => {
  t = createTestDeps();
});
afterEach(() => t.cleanup());

describe("wf serve bind address", () => {
  it("refuses 0.0.0.0 and a LAN address with no admin, saying how to get one", async () => {
    for (const host of ["0.0.0.0", "192.168.1.20", "::"]) {
      const err = await serveCommand({ port: "3999", host }, io, { WF_DB_PATH: t.file, WF_DATA_DIR: t.dir }).catch(
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ exitCode: 2 });
      expect(String((err as Error).message)).toMatch(/refusing to listen on .* before an admin exists.*\/setup/);
    }
  });

  it("loopback names are always allowed", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["0.0.0.0", "10.0.0.1", "::", "example.com"]) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("wf serve and WF_DATABASE_URL", () => {
  it("a PostgreSQL database that refuses stops it in one line, the password hidden, exit 1", async () => {
    const env = { WF_DB_PATH: t.file, WF_DATA_DIR: t.dir, WF_DATABASE_URL: "postgres://wf:secret@127.0.0.1:1/wf" };
    const err = await serveCommand({ port: "3999", host: "127.0.0.1" }, io, env).catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: 1 });
    expect((err as Error).message).toContain("postgres://wf:***@127.0.0.1:1/wf");
    expect((err as Error).message).not.toContain("secret");
  });

  it("counts the admins in PostgreSQL (migrated first): none yet, a public address is refused", async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const env = { WF_DB_PATH: t.file, WF_DATA_DIR: t.dir, WF_DATABASE_URL: database.url };
      const err = await serveCommand({ port: "3999", host: "0.0.0.0" }, io, env).catch((e: unknown) => e);
      expect(err).toMatchObject({ exitCode: 2 });
      expect(String((err as Error).message)).toMatch(/refusing to listen on 0\.0\.0\.0 before an admin exists/);
      const users = await database.pool.query("select count(*)::int as n from users");
      expect(users.rows[0].n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

/**
 * `wf migrate` on a temp SQLite file and on a fresh database of the run's real PostgreSQL server: its work
 * function, then the real `wf` bin (its own bundle with the pg driver), exit codes and the one line it prints.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir, pgMigrationsDir } from "@/server/config/data-paths";
import { latestMigrationTag } from "@/server/db/migrations-journal";
import { captureIo } from "@/server/test-support/capture-io";
import { createTestDatabase, type TestDatabase } from "@/server/test-support/test-database";
import { migrateCommand } from "./migrate-command";

const ROOT = path.resolve(__dirname, "../../..");
const appEnv = { WF_APP_ROOT: ROOT };

function journalSize(folder: string): number {
  return (JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] })
    .entries.length;
}
const sqliteFolder = migrationsDir(appEnv);
const pgFolder = pgMigrationsDir(appEnv);

/** `url` with a password, which the trust-auth test server ignores and every message must hide. */
function withPassword(url: string): string {
  const u = new URL(url);
  u.password = "pw-never-shown";
  return u.toString();
}

function wf(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [path.join(ROOT, "scripts/wf.cjs"), ...args],
      { cwd: dir, env: { ...process.env, WF_DATABASE_URL: "", ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    ),
  );
}

let dir: string;
let pg: TestDatabase;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-migrate-"));
  pg = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await pg?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("wf migrate", () => {
  it("migrates the configured SQLite file, then finds it up to date", async () => {
    const env = { ...appEnv, WF_DATA_DIR: path.join(dir, "sqlite") };
    const file = path.join(dir, "sqlite", "wf.db");
    const tag = latestMigrationTag(sqliteFolder);
    const io = captureIo();
    expect(await migrateCommand(io, env)).toBe(0);
    expect(await migrateCommand(io, env)).toBe(0);
    expect(io.stdout).toEqual([
      `wf migrate: SQLite ${file} — applied ${journalSize(sqliteFolder)} migration(s), now at ${tag}`,
      `wf migrate: SQLite ${file} — already up to date, at ${tag}`,
    ]);
  });

  it("migrates the PostgreSQL database of WF_DATABASE_URL, showing the URL without its password", async () => {
    const url = withPassword(pg.url);
    const shown = url.replace("pw-never-shown", "***");
    const tag = latestMigrationTag(pgFolder);
    const io = captureIo();
    expect(await migrateCommand(io, { ...appEnv, WF_DATABASE_URL: url })).toBe(0);
    expect(await migrateCommand(io, { ...appEnv, WF_DATABASE_URL: url })).toBe(0);
    expect(io.stdout).toEqual([
      `wf migrate: PostgreSQL ${shown} — applied ${journalSize(pgFolder)} migration(s), now at ${tag}`,
      `wf migrate: PostgreSQL ${shown} — already up to date, at ${tag}`,
    ]);
    const { rows } = await pg.pool.query("select 1 from information_schema.tables where table_name = 'runs'");
    expect(rows).toHaveLength(1);
  });

  it("a server that refuses is exit 1, a URL of another kind exit 2, both without the password", async () => {
    const refused = await migrateCommand(captureIo(), {
      ...appEnv,
      WF_DATABASE_URL: "postgres://wf:pw-never-shown@127.0.0.1:1/wf",
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(
        /^Cannot open database postgres:\/\/wf:\*\*\*@127\.0\.0\.1:1\/wf: nothing accepts/,
      ),
    });
    const other = await migrateCommand(captureIo(), {
      ...appEnv,
      WF_DATABASE_URL: "mysql://wf:pw-never-shown@db/wf",
    }).catch((e: unknown) => e);
    expect(other).toMatchObject({ exitCode: 2, message: expect.stringContaining("not a mysql: URL") });
    for (const err of [refused, other]) expect(String((err as Error).message)).not.toContain("pw-never-shown");
  });

  it("through the real wf bin: one line on stdout, one on stderr when refused, exit 2 on a usage error", async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const ok = await wf(["migrate"], { WF_DATABASE_URL: withPassword(fresh.url) });
      expect(ok).toMatchObject({ code: 0, stderr: "" });
      expect(ok.stdout).toMatch(
        /^wf migrate: PostgreSQL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/wf_t_\w+ — applied \d+ migration\(s\), now at \S+\n$/,
      );
    } finally {
      await fresh.close();
    }
    const refused = await wf(["migrate"], { WF_DATABASE_URL: "postgres://wf:pw-never-shown@127.0.0.1:1/wf" });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/^wf: Cannot open database postgres:\/\/wf:\*\*\*@127\.0\.0\.1:1\/wf: [^\n]+\n$/);
    expect((await wf(["migrate", "extra"], {})).code).toBe(2);
  });
});

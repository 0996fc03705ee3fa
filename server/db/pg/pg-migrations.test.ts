/**
 * drizzle/pg against the real server and against the schema: applied to a fresh database it creates every
 * table of server/db/pg/schema.ts, and drizzle-kit finds nothing to generate between the newest snapshot and
 * the schema (run `npm run db:generate` after changing it); the job queue's schema (graphile_worker) is there too,
 * and a job added inside a transaction that rolls back leaves no job.
 */
import fs from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgMigrationsDir } from "@/server/config/data-paths";
import { createTestDatabase, type TestDatabase } from "@/server/test-support/test-database";
import * as pgSchema from "./schema";

const folder = pgMigrationsDir({ WF_APP_ROOT: process.cwd() });
const schemaTables = Object.values(pgSchema)
  .filter((v) => is(v, PgTable))
  .map((t) => getTableName(t))
  .sort();

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.close());

describe("drizzle/pg", () => {
  it("creates every table of the schema in a fresh database", async () => {
    const { rows } = await t.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((r) => r.table_name)).toEqual(schemaTables);
    const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const applied = await t.pool.query<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations");
    expect(Number(applied.rows[0].n)).toBe(journal.entries.length);
  });

  it("is up to date with server/db/pg/schema.ts (nothing left to generate)", async () => {
    const snapshots = fs.readdirSync(path.join(folder, "meta")).filter((f) => f.endsWith("_snapshot.json"));
    const newest = snapshots.sort().at(-1)!;
    const previous = JSON.parse(fs.readFileSync(path.join(folder, "meta", newest), "utf8")) as Parameters<
      typeof generateMigration
    >[0];
    const statements = await generateMigration(previous, generateDrizzleJson(pgSchema));
    expect(statements, "run npm run db:generate").toEqual([]);
  });

  it("installs the job queue's schema: a job exists only when its transaction commits, one per job key", async () => {
    const add = (c: { query: (q: string, v: unknown[]) => Promise<unknown> }, key: string) =>
      c.query("select graphile_worker.add_job('node', json_build_object('k', $1::text), job_key := $1)", [key]);
    const client = await t.pool.connect();
    try {
      await client.query("begin");
      await add(client, "run_a:N-1:1");
      await client.query("rollback");
      await client.query("begin");
      await add(client, "run_b:N-1:1");
      await add(client, "run_b:N-1:1");
      await client.query("commit");
    } finally {
      client.release();
    }
    const { rows } = await t.pool.query<{ key: string }>("select key from graphile_worker.jobs order by key");
    expect(rows.map((r) => r.key)).toEqual(["run_b:N-1:1"]);
  });
});

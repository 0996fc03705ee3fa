/**
 * Test helper: a fresh PostgreSQL database on the run's server (./postgres-global-setup.ts) — `wf_t_<random>`,
 * with drizzle/pg's migrations applied unless told otherwise — dropped again by `close()`.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openPgDatabase, type PgDb } from "@/server/db/pg/open-pg-database";
import { redactDatabaseUrl } from "@/server/db/pg/redact-database-url";

export interface TestDatabase {
  /** The new database's URL. */
  url: string;
  db: PgDb;
  pool: pg.Pool;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

/** The run's PostgreSQL server (its maintenance database); throws why there is none, in words. */
export async function testPostgresUrl(): Promise<string> {
  const res = await fetch(inject("postgresBroker"));
  const answer = (await res.json()) as { url?: string; error?: string };
  if (!answer.url) throw new Error(`no PostgreSQL server for the tests: ${answer.error}`);
  return answer.url;
}

/** `url` with its database replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect().catch((err: unknown) => {
    throw new Error(`the tests' PostgreSQL server ${redactDatabaseUrl(serverUrl)} refused: ${(err as Error).message}`);
  });
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database of its own for one test file; `migrate: false` leaves it without tables. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = await testPostgresUrl();
  const name = `wf_t_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  const drop = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const { db, pool, close } = await openPgDatabase(url, { migrate: options.migrate ?? true }).catch(
    async (err: unknown) => {
      await drop();
      throw err;
    },
  );
  return {
    url,
    db,
    pool,
    close: async () => {
      await close();
      await drop();
    },
  };
}

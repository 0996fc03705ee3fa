/**
 * Applies drizzle/pg's pending migrations (drizzle's node-postgres migrator: all of them in one transaction)
 * under a session advisory lock, so servers and `wf migrate` starting at once take turns instead of racing to
 * create the same tables; the ones that come second find nothing left to apply. Then the job queue's own
 * schema (`graphile_worker`, decision 048), by its migrator, which serialises concurrent callers itself.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Logger, runMigrations } from "graphile-worker";
import type pg from "pg";

/** graphile-worker logs each migration step; a failure still throws. */
const quiet = new Logger(() => () => {});

/** Any fixed 64-bit key, the same in every process: ours is "wf_migr" in ASCII. */
const MIGRATION_LOCK = 0x77665f6d696772n;

async function appliedCount(client: pg.PoolClient): Promise<number> {
  const table = await client.query("select to_regclass('drizzle.__drizzle_migrations') as t");
  if (table.rows[0]?.t == null) return 0;
  const { rows } = await client.query<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations");
  return Number(rows[0].n);
}

/** Resolves to how many of drizzle/pg's migrations this call applied (0: the database was up to date). */
export async function migratePg(pool: pg.Pool, migrationsFolder: string): Promise<number> {
  const applied = await migrateTables(pool, migrationsFolder);
  await runMigrations({ pgPool: pool, logger: quiet });
  return applied;
}

async function migrateTables(pool: pg.Pool, migrationsFolder: string): Promise<number> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    // Session-level: held across the migrator's own transaction, released below or when the connection ends.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK.toString()]);
    const before = await appliedCount(client);
    await migrate(drizzle(client), { migrationsFolder });
    const applied = (await appliedCount(client)) - before;
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK.toString()]);
    return applied;
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    // A failed connection is closed rather than pooled, which also drops a lock still held on it.
    client.release(failure instanceof Error ? failure : undefined);
  }
}

/**
 * Opens a PostgreSQL database (`WF_DATABASE_URL`): a `pg.Pool` under drizzle's node-postgres driver with the
 * pg schema, connected once to check the URL and the server's version (./pg-version.ts), then drizzle/pg's
 * migrations and the job queue's schema applied (./migrate-pg.ts). Any
 * failure closes the pool and becomes a DatabaseOpenError naming the URL with its password as `***`.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { pgMigrationsDir } from "@/server/config/data-paths";
import { DatabaseOpenError } from "@/server/db/open-database-error";
import { describePgError } from "./describe-pg-error";
import { migratePg } from "./migrate-pg";
import { pgVersionProblem } from "./pg-version";
import { redactDatabaseUrl } from "./redact-database-url";
import * as schema from "./schema";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface OpenPgDatabaseOptions {
  /** Default: drizzle/pg under the app root (`pgMigrationsDir()`). */
  migrationsFolder?: string;
  /** False: open without applying migrations. */
  migrate?: boolean;
  /** Connections the pool may hold (pg's default: 10). */
  max?: number;
}

export interface PgDatabase {
  db: PgDb;
  pool: pg.Pool;
  /** How many migrations this open applied (0 when up to date or `migrate: false`). */
  appliedMigrations: number;
  /** Ends the pool's connections. */
  close(): Promise<void>;
}

/** Host, port, user and database as the driver will use them (its defaults where the URL says nothing). */
function targetOf(url: string) {
  try {
    const u = new URL(url);
    return {
      host: u.hostname || "localhost",
      port: u.port || "5432",
      user: decodeURIComponent(u.username) || process.env.PGUSER || "postgres",
      database: decodeURIComponent(u.pathname.replace(/^\//, "")) || decodeURIComponent(u.username) || "postgres",
    };
  } catch {
    return undefined;
  }
}

/** The server is older than the app supports (its message says so). */
class PgVersionError extends Error {}

export async function openPgDatabase(url: string, options: OpenPgDatabaseOptions = {}): Promise<PgDatabase> {
  const shown = redactDatabaseUrl(url);
  const target = targetOf(url);
  if (!target || !/^postgres(ql)?:$/.test(new URL(url).protocol))
    throw new DatabaseOpenError(shown, "not a PostgreSQL URL (write postgres://user:password@host:port/database)");
  const pool = new pg.Pool({ connectionString: url, max: options.max, connectionTimeoutMillis: 15_000 });
  // An idle connection the server drops (a restart, a failover) is an error on the pool: the next query
  // reconnects, so it must not crash the process.
  pool.on("error", () => {});
  // The same for a connection in use: the query on it fails (and says why); the process carries on.
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    const client = await pool.connect();
    const { rows } = await client
      .query<{ num: string; version: string }>(
        "select current_setting('server_version_num') as num, current_setting('server_version') as version",
      )
      .finally(() => client.release());
    const tooOld = pgVersionProblem(Number(rows[0].num), rows[0].version);
    if (tooOld) throw new PgVersionError(tooOld);
    const appliedMigrations =
      options.migrate === false ? 0 : await migratePg(pool, options.migrationsFolder ?? pgMigrationsDir());
    const db = drizzle(pool, { schema }) as PgDb;
    return { db, pool, appliedMigrations, close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => {});
    const password = new URL(url).password;
    let problem = err instanceof PgVersionError ? err.message : describePgError(err, target);
    if (password) problem = problem.replaceAll(decodeURIComponent(password), "***").replaceAll(password, "***");
    throw new DatabaseOpenError(shown, problem);
  }
}

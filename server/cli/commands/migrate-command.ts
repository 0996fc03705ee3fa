/**
 * `wf migrate` — applies the database's pending migrations and exits: drizzle/pg on the PostgreSQL database of
 * `WF_DATABASE_URL` when it is set, else drizzle/ on the SQLite file of the configuration. Prints one line (the
 * URL's password as `***`); a database that refuses is exit 1, a configuration nobody can use exit 2.
 */
import type { ServerConfig } from "@/server/config/server-config";
import { readCliConfig } from "@/server/cli/io/read-cli-config";
import type { EnvVars } from "@/server/config/env-vars";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { latestMigrationTag } from "@/server/db/migrations-journal";
import { openDatabase } from "@/server/db/open-database";
import { DatabaseOpenError } from "@/server/db/open-database-error";
import { redactDatabaseUrl } from "@/server/db/pg/redact-database-url";

function outcome(applied: number, folder: string): string {
  const tag = latestMigrationTag(folder) ?? "no migrations";
  return applied > 0 ? `applied ${applied} migration(s), now at ${tag}` : `already up to date, at ${tag}`;
}

async function migratePostgres(url: string, config: ServerConfig): Promise<string> {
  // Loaded only here: migrating a SQLite file never loads the PostgreSQL driver.
  const { openPgDatabase } = await import("@/server/db/pg/open-pg-database");
  const opened = await openPgDatabase(url, { migrationsFolder: config.pgMigrationsDir, max: 1 });
  await opened.close();
  return `PostgreSQL ${redactDatabaseUrl(url)} — ${outcome(opened.appliedMigrations, config.pgMigrationsDir)}`;
}

function migrateSqlite(config: ServerConfig): string {
  let applied = 0;
  const db = openDatabase(config.dbPath, {
    migrationsFolder: config.migrationsDir,
    onMigrated: (n) => (applied = n),
  });
  db.$client.close();
  return `SQLite ${config.dbPath} — ${outcome(applied, config.migrationsDir)}`;
}

/** `env`: this process's environment, read here once (the command's composition root). */
export async function migrateCommand(io: CliIo, env: EnvVars = process.env): Promise<number> {
  const config = readCliConfig(env);
  try {
    const line = config.databaseUrl ? await migratePostgres(config.databaseUrl, config) : migrateSqlite(config);
    io.out(`wf migrate: ${line}`);
    return EXIT.ok;
  } catch (err) {
    // The database refused (unreachable, credentials, a failing migration): exit 1, one line, no stack.
    if (err instanceof DatabaseOpenError) throw new CliError(err.message, EXIT.invalid);
    throw err;
  }
}

/**
 * Opens (creating if needed) a SQLite file with WAL and foreign keys, and applies the drizzle
 * migrations in one transaction. Any failure becomes a DatabaseOpenError naming the path.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "@/server/config/data-paths";
import { DatabaseOpenError } from "./open-database-error";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export { DatabaseOpenError };

export interface OpenDatabaseOptions {
  migrationsFolder?: string;
  readonly?: boolean;
  /** Told how many migrations the open applied (0: the file was up to date), e.g. for `wf migrate`. */
  onMigrated?: (applied: number) => void;
}

/** Rows in drizzle's journal table: the migrations applied to this file so far. */
function appliedMigrations(sqlite: Database.Database): number {
  const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'");
  if (!table.get()) return 0;
  return (sqlite.prepare("select count(*) as n from __drizzle_migrations").get() as { n: number }).n;
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  const resolved = file === ":memory:" ? file : path.resolve(file);
  let sqlite: Database.Database | undefined;
  try {
    if (resolved !== ":memory:") fs.mkdirSync(path.dirname(resolved), { recursive: true });
    sqlite = new Database(resolved, { readonly: options.readonly ?? false });
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // Touch the file so a corrupt or non-SQLite file fails here, before the migrator runs.
    sqlite.prepare("select count(*) from sqlite_master").get();
    const db = drizzle(sqlite, { schema }) as Db;
    if (!options.readonly) {
      const before = options.onMigrated ? appliedMigrations(sqlite) : 0;
      // drizzle's better-sqlite3 migrator wraps all pending migrations in one transaction.
      migrate(db, { migrationsFolder: options.migrationsFolder ?? migrationsDir() });
      options.onMigrated?.(appliedMigrations(sqlite) - before);
    }
    return db;
  } catch (err) {
    sqlite?.close();
    throw new DatabaseOpenError(resolved, describeSqliteError(err));
  }
}

function describeSqliteError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  switch (e?.code) {
    case "SQLITE_NOTADB":
      return "the file is not a SQLite database (corrupt or another format)";
    case "SQLITE_CORRUPT":
      return "the database file is corrupt";
    case "SQLITE_CANTOPEN":
      return "the file cannot be opened (missing folder or no permission)";
    case "SQLITE_READONLY":
      return "the file is read-only";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    default:
      return e?.message ?? String(err);
  }
}

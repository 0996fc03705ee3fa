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
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export class DatabaseOpenError extends Error {
  constructor(
    readonly dbPath: string,
    problem: string,
  ) {
    super(`Cannot open database ${dbPath}: ${problem}`);
    this.name = "DatabaseOpenError";
  }
}

export interface OpenDatabaseOptions {
  migrationsFolder?: string;
  readonly?: boolean;
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
      // drizzle's better-sqlite3 migrator wraps all pending migrations in one transaction.
      migrate(db, { migrationsFolder: options.migrationsFolder ?? migrationsDir() });
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

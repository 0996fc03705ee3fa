/**
 * The process-wide database handle, opened lazily (never at import: `next build` imports routes)
 * and kept on globalThis because Next's route handlers and instrumentation are separate bundles.
 */
import { dbPath } from "./data-paths";
import { openDatabase, type Db } from "./open-database";

const holder = globalThis as unknown as { __wfDb?: { path: string; db: Db } };

export function getDb(): Db {
  const file = dbPath();
  if (!holder.__wfDb || holder.__wfDb.path !== file) {
    holder.__wfDb = { path: file, db: openDatabase(file) };
  }
  return holder.__wfDb.db;
}

/** Closes the shared handle (CLI exit, tests). */
export function closeDb(): void {
  holder.__wfDb?.db.$client.close();
  holder.__wfDb = undefined;
}

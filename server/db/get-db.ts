/**
 * The process-wide database handle, opened lazily (never at import: `next build` imports routes)
 * and kept on globalThis because Next's route handlers and instrumentation are separate bundles.
 */
import { dbPath } from "./data-paths";
import { openDatabase, type Db } from "./open-database";

const holder = globalThis as unknown as {
  __wfDb?: { path: string; db: Db; dbEnv: string | undefined; dataEnv: string | undefined };
};

export function getDb(): Db {
  const h = holder.__wfDb;
  // Called several times per request: resolve the path again only when the variables naming it changed.
  if (h && h.dbEnv === process.env.WF_DB_PATH && h.dataEnv === process.env.WF_DATA_DIR) return h.db;
  const file = dbPath();
  const db = h && h.path === file ? h.db : openDatabase(file);
  holder.__wfDb = { path: file, db, dbEnv: process.env.WF_DB_PATH, dataEnv: process.env.WF_DATA_DIR };
  return db;
}

/** Closes the shared handle (CLI exit, tests). */
export function closeDb(): void {
  holder.__wfDb?.db.$client.close();
  holder.__wfDb = undefined;
}

/**
 * Where the app keeps its data, from an environment read once by the composition root:
 * WF_DATA_DIR (default <app root>/data), WF_DB_PATH (default <data>/wf.db), runs under <data>/runs; the
 * migrations ship in the package (drizzle/, drizzle/pg/ for PostgreSQL), found from the app root.
 */
import path from "node:path";
import type { EnvVars } from "./env-vars";

/** The repo root: set by the `wf` bin so the CLI works from any folder; the server runs from it. */
export function appRoot(env: EnvVars = process.env): string {
  return env.WF_APP_ROOT ?? process.cwd();
}

export function dataDir(env: EnvVars = process.env): string {
  // The data folder is chosen at run time; tracing it at build time would copy the whole project.
  return path.resolve(/*turbopackIgnore: true*/ env.WF_DATA_DIR ?? path.join(appRoot(env), "data"));
}

export function dbPath(env: EnvVars = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.WF_DB_PATH ?? path.join(dataDir(env), "wf.db"));
}

export function migrationsDir(env: EnvVars = process.env): string {
  return path.join(appRoot(env), "drizzle");
}

/** The PostgreSQL migrations (`WF_DATABASE_URL`), generated beside SQLite's from server/db/pg/schema.ts. */
export function pgMigrationsDir(env: EnvVars = process.env): string {
  return path.join(appRoot(env), "drizzle", "pg");
}

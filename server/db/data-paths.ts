/** Where the app keeps its data: WF_DATA_DIR (default ./data), WF_DB_PATH (default <data>/wf.db). */
import path from "node:path";

/** The repo root: set by the `wf` bin so the CLI works from any folder; the server runs from it. */
export function appRoot(): string {
  return process.env.WF_APP_ROOT ?? process.cwd();
}

export function dataDir(): string {
  // The data folder is chosen at run time; tracing it at build time would copy the whole project.
  return path.resolve(/*turbopackIgnore: true*/ process.env.WF_DATA_DIR ?? path.join(appRoot(), "data"));
}

export function dbPath(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.WF_DB_PATH ?? path.join(dataDir(), "wf.db"));
}

export function runsDir(): string {
  return path.join(dataDir(), "runs");
}

export function migrationsDir(): string {
  return path.join(appRoot(), "drizzle");
}

/**
 * The web server (and `wf serve`) keeps its data in SQLite for now; only `wf migrate` and the engine's store
 * run on PostgreSQL so far (docs/scale-out.md). A `WF_DATABASE_URL` it would silently ignore is refused at
 * start instead, so nobody believes their data is in PostgreSQL while it goes to the SQLite file.
 */
import type { EnvVars } from "./env-vars";
import { ServerConfigError } from "./server-config";

export function refuseUnservedDatabaseUrl(env: EnvVars, sqliteFile: string): void {
  if (!env.WF_DATABASE_URL?.trim()) return;
  throw new ServerConfigError(
    `WF_DATABASE_URL is set, but the server does not run on PostgreSQL yet (\`wf migrate\` does): unset it to serve from the SQLite file ${sqliteFile}`,
  );
}

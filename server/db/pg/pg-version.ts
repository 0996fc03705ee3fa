/**
 * The oldest PostgreSQL the app runs on: 12, what its job queue (graphile-worker 0.17, decision 048) needs.
 * Checked when a database is opened, before anything is migrated, so an old server is refused untouched.
 */
const MIN_PG_VERSION_NUM = 120000;

/** Why a server of `server_version_num` cannot be used, or undefined when it can. */
export function pgVersionProblem(versionNum: number, version: string): string | undefined {
  if (versionNum >= MIN_PG_VERSION_NUM) return undefined;
  return `the server runs PostgreSQL ${version}; Wf Composer needs PostgreSQL 12 or newer (its job queue does): upgrade the server`;
}

/**
 * A database that cannot be opened or migrated: one line naming it — a SQLite path, or a PostgreSQL URL with
 * its password as `***` — and what is wrong, in words. Its own file, so the PostgreSQL side needs no SQLite.
 */
export class DatabaseOpenError extends Error {
  constructor(
    /** The SQLite file, or the redacted PostgreSQL URL. */
    readonly dbPath: string,
    problem: string,
  ) {
    super(`Cannot open database ${dbPath}: ${problem}`);
    this.name = "DatabaseOpenError";
  }
}

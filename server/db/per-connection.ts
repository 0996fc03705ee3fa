/**
 * Something built once per SQLite connection (its prepared statements): better-sqlite3 prepares a
 * statement against one handle, and preparing it on every call costs more than the call itself.
 * Keyed weakly, so a closed and dropped connection takes its statements with it.
 */
import type Database from "better-sqlite3";
import type { Db } from "./open-database";

export function perConnection<T>(make: (sqlite: Database.Database) => T): (db: Db) => T {
  const built = new WeakMap<Database.Database, T>();
  return (db) => {
    let value = built.get(db.$client);
    if (value === undefined) built.set(db.$client, (value = make(db.$client)));
    return value;
  };
}

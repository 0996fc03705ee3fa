/**
 * The portable SQL seam (decision 051): what a store written once for SQLite and PostgreSQL runs on. SQL is
 * written once with `?` placeholders (the PostgreSQL adapter numbers them `$1…$n`); rows come back with the
 * columns' names and driver values that mean the same on both — integers and `bigint` milliseconds as numbers,
 * text as strings (a store maps them to its row type with `rawRowMapper`, which also turns SQLite's 0/1
 * booleans into booleans). Adapters: `sqliteSql` (./sqlite-sql.ts) and `pgSql` (./pg-sql.ts).
 */

/** A bound value: what both drivers accept (a boolean is stored as 0/1 on SQLite). */
export type SqlParam = string | number | boolean | null;

export interface SqlRunResult {
  /** Rows the statement inserted, updated or deleted. */
  changes: number;
}

/** Statements on the database, or inside one transaction (`tx`). */
export interface SqlQueries {
  all<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined>;
  run(sql: string, params?: readonly SqlParam[]): Promise<SqlRunResult>;
}

export interface SqlDb extends SqlQueries {
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (the error is
   * rethrown). Transactions of one database are serialised — on SQLite by `BEGIN IMMEDIATE` and a lock in
   * the process, on PostgreSQL by a transaction-level advisory lock — so a check and the write it guards
   * (the last admin, the first account) see no other transaction in between.
   *
   * The rule for `fn`: it awaits only `tx` calls — no hashing, no network, no timer, no other store. On
   * SQLite the transaction is open on the connection the engine also writes on; because every `tx` call
   * answers at once, no macrotask (an engine commit, a request) runs before it ends. Inside `fn` the
   * database's own methods and a nested `transaction` are refused with a TransactionMisuseError.
   */
  transaction<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T>;
}

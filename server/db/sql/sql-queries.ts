/**
 * One statement runner → the `SqlQueries` surface both adapters hand out, for the database and for a
 * transaction's `tx` alike; `guard` runs first (the misuse checks of ./transaction-scope.ts).
 */
import type { SqlDb, SqlParam, SqlQueries, SqlRunResult } from "./sql-db";
import { refuseInsideTransaction } from "./transaction-scope";

export type StatementMode = "all" | "get" | "run";

/** Runs one statement: the rows it returned (for `get`, at most the first) and the rows it changed. */
export type RunStatement = (
  mode: StatementMode,
  sql: string,
  params: readonly SqlParam[],
) => Promise<{ rows: unknown[]; changes: number }>;

export function sqlQueries(runStatement: RunStatement, guard: () => void): SqlQueries {
  const execute: RunStatement = async (mode, sql, params) => {
    guard();
    return runStatement(mode, sql, params);
  };
  return {
    // The caller names the row type: the statement's columns are its to know.
    all: async <T>(sql: string, params: readonly SqlParam[] = []) => (await execute("all", sql, params)).rows as T[],
    get: async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await execute("get", sql, params)).rows[0] as T | undefined,
    run: async (sql, params = []) => ({ changes: (await execute("run", sql, params)).changes }),
  };
}

/** An adapter's database-level methods: its statements, refused inside its own transaction's body. */
export abstract class SqlDbBase implements SqlDb {
  private readonly queries = sqlQueries(
    (mode, sql, params) => this.statement(mode, sql, params),
    () => refuseInsideTransaction(this.scope, "statement"),
  );

  /** What the misuse checks know this database by (SQLite: its file, shared by the file's connections). */
  protected get scope(): object {
    return this;
  }

  all<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]> {
    return this.queries.all<T>(sql, params);
  }

  get<T>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined> {
    return this.queries.get<T>(sql, params);
  }

  run(sql: string, params?: readonly SqlParam[]): Promise<SqlRunResult> {
    return this.queries.run(sql, params);
  }

  abstract transaction<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T>;

  /** One statement outside any transaction. */
  protected abstract statement: RunStatement;
}

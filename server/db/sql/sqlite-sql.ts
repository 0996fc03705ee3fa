/**
 * `SqlDb` over better-sqlite3 (`db.$client`, the connection the engine's run store writes on too). Statements
 * are prepared once per SQL text. A transaction is `BEGIN IMMEDIATE` … `COMMIT` / `ROLLBACK` under an
 * in-process lock, so two asynchronous transactions never interleave on the one connection, and a statement
 * on the database while one is open waits for it instead of landing inside it. Its body awaits only `tx`
 * calls, which answer at once (the driver is synchronous): no macrotask — an engine commit, another
 * request — runs before the transaction ends (decision 051). The connections of one process to one file
 * share that lock (and count as one database for the misuse checks): two servers' dependencies side by side
 * in one process, as tests build them, take turns instead of meeting on the file's lock, which would block
 * the one thread for busy_timeout and then fail.
 */
import path from "node:path";
import type Database from "better-sqlite3";
import type { Db } from "@/server/db/open-database";
import { perConnection } from "@/server/db/per-connection";
import { AsyncLock } from "./async-lock";
import type { SqlDb, SqlParam, SqlQueries } from "./sql-db";
import { SqlDbBase, sqlQueries, type RunStatement, type StatementMode } from "./sql-queries";
import { insideTransaction, refuseEndedTransaction, refuseInsideTransaction } from "./transaction-scope";

/** better-sqlite3 binds no booleans: SQLite stores them as 0/1. */
function bind(params: readonly SqlParam[]): unknown[] {
  return params.map((p) => (typeof p === "boolean" ? Number(p) : p));
}

/** One database file of this process: the lock its connections take turns under. */
interface SqliteFile {
  readonly lock: AsyncLock;
}

/** By resolved path; an entry is a few bytes and a process opens few files, so none is dropped. */
const files = new Map<string, SqliteFile>();

function fileOf(sqlite: Database.Database): SqliteFile {
  if (sqlite.memory) return { lock: new AsyncLock() };
  const key = path.resolve(sqlite.name);
  let file = files.get(key);
  if (!file) files.set(key, (file = { lock: new AsyncLock() }));
  return file;
}

class SqliteSql extends SqlDbBase {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly file: SqliteFile;

  constructor(private readonly sqlite: Database.Database) {
    super();
    this.file = fileOf(sqlite);
  }

  protected override get scope(): object {
    return this.file;
  }

  private get lock(): AsyncLock {
    return this.file.lock;
  }

  protected statement: RunStatement = (mode, sql, params) => this.outside(() => this.execute(mode, sql, params));

  async transaction<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T> {
    refuseInsideTransaction(this.scope, "transaction");
    await this.lock.acquire();
    let ended = false;
    const tx = sqlQueries(
      async (mode, sql, params) => this.execute(mode, sql, params),
      () => refuseEndedTransaction(ended),
    );
    try {
      this.prepared("begin immediate").run();
      let result: T;
      try {
        result = await insideTransaction(this.scope, () => fn(tx));
        this.prepared("commit").run();
      } catch (err) {
        if (this.sqlite.inTransaction) this.prepared("rollback").run();
        throw err;
      }
      return result;
    } finally {
      ended = true;
      this.lock.release();
    }
  }

  /** Runs `work` now, or after the open transaction when one is. */
  private async outside<T>(work: () => T): Promise<T> {
    if (!this.lock.held) return work();
    await this.lock.acquire();
    try {
      return work();
    } finally {
      this.lock.release();
    }
  }

  private execute(mode: StatementMode, sql: string, params: readonly SqlParam[]): { rows: unknown[]; changes: number } {
    const statement = this.prepared(sql);
    const args = bind(params);
    if (mode === "run") return { rows: [], changes: statement.run(...args).changes };
    if (mode === "all") return { rows: statement.all(...args), changes: 0 };
    const row = statement.get(...args);
    return { rows: row === undefined ? [] : [row], changes: 0 };
  }

  private prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.sqlite.prepare(sql)));
    return statement;
  }
}

/**
 * The SQL seam over an open SQLite database: one per connection, however often asked, so every caller on
 * that connection shares its statements and its transaction lock.
 */
export const sqliteSql: (db: Db) => SqlDb = perConnection((sqlite) => new SqliteSql(sqlite));

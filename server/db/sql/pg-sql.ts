/**
 * `SqlDb` over a `pg.Pool`: `?` placeholders numbered `$1…$n` (once per SQL text), `bigint` columns read
 * as numbers (`query` of ../pg/pg-run-sql.ts). A transaction takes one client from the pool for `BEGIN` …
 * `COMMIT` / `ROLLBACK`, and first a transaction-level advisory lock, so the transactions of every process on
 * the database run one at a time, as SQLite's `BEGIN IMMEDIATE` makes them (decision 051). Within a process
 * they take turns before they take a client, so waiting transactions never hold the pool's connections.
 */
import type pg from "pg";
import { query } from "@/server/db/pg/pg-run-sql";
import { AsyncLock } from "./async-lock";
import { numberedPlaceholders } from "./numbered-placeholders";
import type { SqlDb, SqlQueries } from "./sql-db";
import { SqlDbBase, sqlQueries, type RunStatement } from "./sql-queries";
import { insideTransaction, refuseEndedTransaction, refuseInsideTransaction } from "./transaction-scope";

/** Any fixed 64-bit key, the same in every process: "wf_sqltx" in ASCII (migrations use "wf_migr"). */
const TRANSACTION_LOCK = 0x77665f73716c7478n;
const BEGIN = `begin; select pg_advisory_xact_lock(${TRANSACTION_LOCK})`;

class PgSql extends SqlDbBase {
  private readonly texts = new Map<string, string>();
  private readonly lock = new AsyncLock();

  constructor(private readonly pool: pg.Pool) {
    super();
  }

  protected statement: RunStatement = (mode, sql, params) => this.on(this.pool)(mode, sql, params);

  async transaction<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T> {
    refuseInsideTransaction(this, "transaction");
    await this.lock.acquire();
    try {
      return await this.transactionOnClient(fn);
    } finally {
      this.lock.release();
    }
  }

  private async transactionOnClient<T>(fn: (tx: SqlQueries) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let ended = false;
    // A client whose rollback failed is in an unknown state: it leaves the pool.
    let broken: Error | undefined;
    const tx = sqlQueries(this.on(client), () => refuseEndedTransaction(ended));
    try {
      await client.query(BEGIN);
      const result = await insideTransaction(this, () => fn(tx));
      await client.query("commit");
      return result;
    } catch (err) {
      await client.query("rollback").catch((rollbackErr: unknown) => {
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      });
      throw err;
    } finally {
      ended = true;
      client.release(broken);
    }
  }

  /** Statements on the pool (each on whichever connection is free) or on a transaction's client. */
  private on(target: pg.Pool | pg.PoolClient): RunStatement {
    return async (mode, sql, params) => {
      const result = await target.query(query(this.numbered(sql), [...params]));
      return { rows: mode === "get" ? result.rows.slice(0, 1) : result.rows, changes: result.rowCount ?? 0 };
    };
  }

  private numbered(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) this.texts.set(sql, (text = numberedPlaceholders(sql)));
    return text;
  }
}

const built = new WeakMap<pg.Pool, SqlDb>();

/** The SQL seam over a PostgreSQL pool (`openPgDatabase`'s): one per pool, however often asked. */
export function pgSql(pool: pg.Pool): SqlDb {
  let sql = built.get(pool);
  if (!sql) built.set(pool, (sql = new PgSql(pool)));
  return sql;
}

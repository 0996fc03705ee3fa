/**
 * What both SQL adapters refuse (decision 051): a transaction begun inside another of the same database,
 * the database's own methods called inside its transaction's body (on SQLite they would wait for the
 * transaction that awaits them; on PostgreSQL they would run on another connection, outside it), and a
 * `tx` used after its transaction ended. The body's asynchronous context says which transaction it is in.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export class TransactionMisuseError extends Error {
  override name = "TransactionMisuseError";
}

/** The databases whose transaction the current asynchronous context is inside. */
const inside = new AsyncLocalStorage<ReadonlySet<object>>();

/** Throws when the caller is inside a transaction of `db` (the database's methods, or a nested transaction). */
export function refuseInsideTransaction(db: object, what: "transaction" | "statement"): void {
  if (!inside.getStore()?.has(db)) return;
  throw new TransactionMisuseError(
    what === "transaction"
      ? "a transaction cannot begin inside another on the same database: run the statements on the outer tx"
      : "a statement on the database inside its own transaction: run it on the transaction's tx",
  );
}

/** Runs `body` as inside a transaction of `db`. */
export function insideTransaction<T>(db: object, body: () => Promise<T>): Promise<T> {
  return inside.run(new Set([...(inside.getStore() ?? []), db]), body);
}

/** Throws once the transaction `tx` belonged to has ended. */
export function refuseEndedTransaction(ended: boolean): void {
  if (ended) throw new TransactionMisuseError("this tx's transaction has ended: statements go on the database");
}

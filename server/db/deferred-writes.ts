/**
 * Small writes that may wait for the end of this turn of the event loop, so that the writes of
 * concurrent requests (each run.start's audit row) share one SQLite transaction instead of paying
 * one WAL commit each. The promise settles after that transaction: a caller that awaits it answers
 * only once its row is durable. Each write runs in its own savepoint, so one that throws rejects
 * alone and the others are still committed.
 */
import type Database from "better-sqlite3";
import type { Db } from "./open-database";

interface Pending {
  write: () => void;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const queues = new WeakMap<Database.Database, Pending[]>();

export function deferWrite(db: Db, write: () => void): Promise<void> {
  const sqlite = db.$client;
  let queue = queues.get(sqlite);
  if (!queue) {
    queue = [];
    queues.set(sqlite, queue);
    setImmediate(() => flush(sqlite));
  }
  const q = queue;
  return new Promise((resolve, reject) => q.push({ write, resolve, reject }));
}

function flush(sqlite: Database.Database): void {
  const queue = queues.get(sqlite) ?? [];
  queues.delete(sqlite);
  const failed = new Map<Pending, unknown>();
  try {
    sqlite
      .transaction(() => {
        for (const p of queue) {
          try {
            // A nested better-sqlite3 transaction is a savepoint: a throw undoes this write only.
            sqlite.transaction(p.write)();
          } catch (err) {
            failed.set(p, err);
          }
        }
      })
      .immediate();
  } catch (err) {
    for (const p of queue) p.reject(err);
    return;
  }
  for (const p of queue) {
    if (failed.has(p)) p.reject(failed.get(p));
    else p.resolve();
  }
}

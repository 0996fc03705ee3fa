/**
 * One `insert … values (…), (…), …` for many rows: a tick's events and node rows go to SQLite in a few
 * statements instead of one per row (docs/benchmarks.md, "Ticks run to quiescence"). Statements are
 * prepared per connection for chunks of 64, 16, 4 and 1 rows, so any row count is written with at most
 * a handful of calls and the cache stays four statements per table.
 */
import type { Db } from "./open-database";
import { perConnection } from "./per-connection";

const CHUNKS = [64, 16, 4, 1] as const;

/**
 * A writer for rows of `width` values; `sql` gets the `(?, …), (?, …)` list of one chunk and returns the
 * whole statement. The writer takes the rows' values flat, row after row.
 */
export function multiRowStatement(
  sql: (valuesList: string) => string,
  width: number,
): (db: Db, values: readonly unknown[]) => void {
  const row = `(${Array.from({ length: width }, () => "?").join(", ")})`;
  const statements = perConnection((sqlite) =>
    CHUNKS.map((n) => sqlite.prepare(sql(Array.from({ length: n }, () => row).join(", ")))),
  );
  return (db, values) => {
    if (values.length % width) throw new Error(`multi-row write: ${values.length} values are not rows of ${width}`);
    const prepared = statements(db);
    let at = 0;
    CHUNKS.forEach((n, k) => {
      const size = n * width;
      while (values.length - at >= size) {
        prepared[k].run(values.slice(at, at + size));
        at += size;
      }
    });
  };
}

/**
 * Raw SQL rows (better-sqlite3's prepared statements, the hot paths) come back with the columns'
 * snake_case names and driver values; this maps them to the drizzle row type, column by column, from
 * what the drizzle schema already knows — its property names, column names and value modes (a boolean
 * stored as 0/1) — instead of a hand-written mapper per table.
 */
import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

export type RawRow = Record<string, unknown>;

/**
 * A mapper for one table. The row it returns has the properties whose columns the query selected
 * (select fewer columns and type the result with `Pick`/`Omit`); a NULL stays null.
 */
export function rawRowMapper<T extends Table>(table: T): (raw: RawRow) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column }));
  return (raw) => {
    const out: RawRow = {};
    for (const { key, column } of columns) {
      if (!(column.name in raw)) continue;
      const value = raw[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    // The schema describes every selected column, so the object has the table's row shape.
    return out as InferSelectModel<T>;
  };
}

/**
 * The PostgreSQL schema mirrors the SQLite one: the same tables, columns (kind, enum values, nullability,
 * default, key), primary keys, indexes (name, uniqueness, columns, partial or not) and foreign keys (with their
 * onDelete). A column, index or table added to one schema only fails here, naming table and column.
 */
import { getTableName, is, SQL, type Table } from "drizzle-orm";
import {
  getTableConfig as pgTableConfig,
  integer as pgInteger,
  PgTable,
  pgTable,
  text as pgText,
} from "drizzle-orm/pg-core";
import {
  getTableConfig as sqliteTableConfig,
  index as sqliteIndex,
  integer as sqliteInteger,
  SQLiteTable,
  sqliteTable,
  text as sqliteText,
} from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as sqliteSchema from "@/server/db/schema";
import * as pgSchema from "./schema";

/** One table as both dialects can say it: plain strings to compare. */
interface TableShape {
  columns: Record<string, string>;
  primaryKey: string;
  indexes: Record<string, string>;
  foreignKeys: string[];
}

interface AnyColumn {
  name: string;
  dataType: string;
  enumValues?: string[];
  notNull: boolean;
  hasDefault: boolean;
  default?: unknown;
  primary: boolean;
  autoIncrement?: boolean;
  generatedIdentity?: unknown;
}

interface AnyConfig {
  columns: AnyColumn[];
  primaryKeys: { columns: { name: string }[] }[];
  indexes: { config: { name?: string; unique: boolean; columns: unknown[]; where?: unknown } }[];
  foreignKeys: {
    reference(): { columns: { name: string }[]; foreignColumns: { name: string; table: Table }[] };
    onDelete?: string;
  }[];
}

function describeColumn(c: AnyColumn): string {
  const identity = c.autoIncrement || c.generatedIdentity;
  const fallback = identity
    ? "identity"
    : !c.hasDefault
      ? "none"
      : is(c.default, SQL)
        ? "sql"
        : JSON.stringify(c.default);
  return [
    c.dataType,
    c.enumValues?.length ? `enum(${c.enumValues.join("|")})` : "",
    c.notNull ? "not null" : "null",
    `default ${fallback}`,
    c.primary ? "primary key" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function shapeOf(config: AnyConfig): TableShape {
  const keyed = config.columns.filter((c) => c.primary).map((c) => c.name);
  const composite = config.primaryKeys.map((pk) => pk.columns.map((c) => c.name).join(", "));
  return {
    columns: Object.fromEntries(config.columns.map((c) => [c.name, describeColumn(c)])),
    primaryKey: [...keyed, ...composite].join(" | "),
    indexes: Object.fromEntries(
      config.indexes.map(({ config: i }) => [
        i.name ?? "(unnamed)",
        `${i.unique ? "unique " : ""}(${i.columns.map((c) => (is(c, SQL) ? "sql" : (c as { name: string }).name)).join(", ")})${i.where ? " partial" : ""}`,
      ]),
    ),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const r = fk.reference();
        const target = getTableName(r.foreignColumns[0].table);
        return `(${r.columns.map((c) => c.name).join(", ")}) → ${target}(${r.foreignColumns.map((c) => c.name).join(", ")}) on delete ${fk.onDelete ?? "no action"}`;
      })
      .sort(),
  };
}

function tablesOf(module: Record<string, unknown>): Map<string, TableShape> {
  const tables = new Map<string, TableShape>();
  for (const value of Object.values(module)) {
    if (is(value, SQLiteTable))
      tables.set(getTableName(value), shapeOf(sqliteTableConfig(value) as unknown as AnyConfig));
    else if (is(value, PgTable)) tables.set(getTableName(value), shapeOf(pgTableConfig(value) as unknown as AnyConfig));
  }
  return tables;
}

/** Every difference, one line each, naming the table and column or index. */
function differences(sqlite: Map<string, TableShape>, pg: Map<string, TableShape>): string[] {
  const out: string[] = [];
  const both = <T>(a: Record<string, T>, b: Record<string, T>, what: string, table: string) => {
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(name in b)) out.push(`${table}: ${what} ${name} is only in SQLite (${String(a[name])})`);
      else if (!(name in a)) out.push(`${table}: ${what} ${name} is only in PostgreSQL (${String(b[name])})`);
      else if (a[name] !== b[name])
        out.push(`${table}: ${what} ${name} differs: SQLite ${String(a[name])}, PostgreSQL ${String(b[name])}`);
    }
  };
  for (const table of new Set([...sqlite.keys(), ...pg.keys()])) {
    const s = sqlite.get(table);
    const p = pg.get(table);
    if (!s || !p) {
      out.push(`table ${table} is only in ${s ? "SQLite" : "PostgreSQL"}`);
      continue;
    }
    both(s.columns, p.columns, "column", table);
    if (s.primaryKey !== p.primaryKey)
      out.push(`${table}: primary key differs: SQLite (${s.primaryKey}), PostgreSQL (${p.primaryKey})`);
    both(s.indexes, p.indexes, "index", table);
    const fks = (list: string[]) => Object.fromEntries(list.map((fk) => [fk.split(" → ")[0], fk]));
    both(fks(s.foreignKeys), fks(p.foreignKeys), "foreign key", table);
  }
  return out;
}

describe("the PostgreSQL schema mirrors the SQLite schema", () => {
  it("has the same tables, columns, keys, indexes and foreign keys", () => {
    const sqlite = tablesOf(sqliteSchema);
    expect(sqlite.size).toBeGreaterThan(10);
    expect(differences(sqlite, tablesOf(pgSchema))).toEqual([]);
  });

  it("names the table and column of a difference", () => {
    const s = sqliteTable(
      "jobs",
      { id: sqliteText("id").primaryKey(), tries: sqliteInteger("tries").notNull(), extra: sqliteText("extra") },
      (t) => [sqliteIndex("jobs_tries_idx").on(t.tries)],
    );
    const p = pgTable("jobs", { id: pgText("id").primaryKey(), tries: pgInteger("tries") });
    const only = pgTable("pg_only", { id: pgText("id") });
    expect(differences(tablesOf({ s }), tablesOf({ p, only }))).toEqual([
      "jobs: column tries differs: SQLite number not null default none, PostgreSQL number null default none",
      "jobs: column extra is only in SQLite (string null default none)",
      "jobs: index jobs_tries_idx is only in SQLite ((tries))",
      "table pg_only is only in PostgreSQL",
    ]);
  });
});

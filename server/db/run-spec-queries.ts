/**
 * SQL for run_specs: a run's template and plan JSON, written once when the run is stored and read
 * when it is loaded. Kept out of the runs row, which the engine rewrites on every tick.
 */
import type Database from "better-sqlite3";
import type { Db } from "./open-database";
import { perConnection } from "./per-connection";

function statements(sqlite: Database.Database) {
  return {
    insert: sqlite.prepare(`insert into run_specs (run_id, template_json, plan_json) values (?, ?, ?)`),
    select: sqlite.prepare(
      `select template_json as templateJson, plan_json as planJson from run_specs where run_id = ?`,
    ),
  };
}

const stmts = perConnection(statements);

export function insertRunSpec(db: Db, runId: string, templateJson: string, planJson: string): void {
  stmts(db).insert.run(runId, templateJson, planJson);
}

/** The run's spec, or undefined for a run stored before run_specs existed (its runs row has it). */
export function selectRunSpec(db: Db, runId: string): { templateJson: string; planJson: string } | undefined {
  return stmts(db).select.get(runId) as { templateJson: string; planJson: string } | undefined;
}

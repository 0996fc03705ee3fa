/**
 * The `trigger_fires` table as the SQL trigger store reads and writes it: rows mapped to `TriggerFire`s,
 * and fires — recorded, claimed with their schedule, or a delivery — inserted as one multi-row statement
 * that drops a second row for the same scheduled time or delivery key (`on conflict do nothing`).
 */
import { rawRowMapper } from "@/server/db/map-raw-row";
import { triggerFires } from "@/server/db/schema";
import type { SqlParam, SqlQueries } from "@/server/db/sql/sql-db";
import type { ClaimedFire, NewFire } from "./trigger-store";

export const toFireRow = rawRowMapper(triggerFires);

/** A fire as inserted: whichever way it is written. */
export type FireInsert = NewFire & { pending?: boolean };

/** Rows in one insert: 8 values each, far below either database's limit on bound values. */
export const FIRES_PER_INSERT = 500;

const ROW = "(?, ?, ?, ?, ?, ?, ?, ?)";

function insertSql(rows: number, returning: string): string {
  return `insert into trigger_fires (trigger_id, at, scheduled_for, outcome, run_id, reason, delivery_key, pending)
    values ${Array<string>(rows).fill(ROW).join(", ")} on conflict do nothing${returning}`;
}

function values(f: FireInsert): SqlParam[] {
  const { triggerId, at, scheduledFor, outcome, runId, reason, deliveryKey, pending } = f;
  return [triggerId, at, scheduledFor ?? null, outcome, runId ?? null, reason ?? null, deliveryKey ?? null, !!pending];
}

/** Inserts `fires` (≤ FIRES_PER_INSERT a statement); a second row for one scheduled time or key is dropped. */
export async function insertFires(q: SqlQueries, fires: readonly FireInsert[]): Promise<void> {
  for (let from = 0; from < fires.length; from += FIRES_PER_INSERT) {
    const part = fires.slice(from, from + FIRES_PER_INSERT);
    await q.run(insertSql(part.length, ""), part.flatMap(values));
  }
}

/** Inserts one fire; its id, or undefined when a row for its scheduled time or key was there already. */
export async function insertFire(q: SqlQueries, fire: FireInsert): Promise<number | undefined> {
  return (await q.get<{ id: number }>(insertSql(1, " returning id"), values(fire)))?.id;
}

/** The rows a schedule's claim writes for `triggerId`. */
export function claimedFires(triggerId: string, fires: readonly ClaimedFire[]): FireInsert[] {
  return fires.map((f) => ({ ...f, triggerId, deliveryKey: null }));
}

/**
 * The TriggerStore on the SQL seam (decision 051): one implementation, SQL written once, on SQLite and
 * PostgreSQL alike. Every claim is one guarded statement — an UPDATE whose WHERE holds the value the
 * caller read, or an INSERT a unique index refuses a second time — which one writer at a time applies
 * (SQLite's file lock; PostgreSQL's row lock, the WHERE checked again on the row as committed), so of any
 * number of servers on one database exactly one wins. A schedule's claim writes its fires in the same
 * transaction; the fires recorded in one turn of the event loop go out as one multi-row insert.
 */
import type { RawRow } from "@/server/db/map-raw-row";
import type { SqlDb } from "@/server/db/sql/sql-db";
import { TurnBatch } from "@/server/db/sql/turn-batch";
import { claimedFires, insertFire, insertFires, toFireRow, type FireInsert } from "./fire-rows";
import { INSERT_TRIGGER, newTriggerValues, patchStatement, SELECT_LISTED, toListed, toTrigger } from "./trigger-rows";
import type {
  ClaimedFire,
  FireSettlement,
  NewFire,
  NewTrigger,
  Trigger,
  TriggerFire,
  TriggerListed,
  TriggerPatch,
  TriggerStore,
} from "./trigger-store";

/** Pending fires a sweep takes over at most (the next sweep takes the rest). */
const STALE_PER_SWEEP = 100;
/** Leases renewed in one statement (two values each). */
const RENEWALS_PER_UPDATE = 200;

export class SqlTriggerStore implements TriggerStore {
  private readonly fires: TurnBatch<FireInsert>;

  constructor(private readonly sql: SqlDb) {
    this.fires = new TurnBatch((rows) => insertFires(this.sql, rows));
  }

  // ——— triggers ———

  async insert(t: NewTrigger): Promise<void> {
    await this.sql.run(INSERT_TRIGGER, newTriggerValues(t));
  }

  async get(id: string): Promise<TriggerListed | undefined> {
    const raw = await this.sql.get<RawRow>(`${SELECT_LISTED} where t.id = ?`, [id]);
    return raw && toListed(raw);
  }

  async list(q: { templatePk?: string }): Promise<TriggerListed[]> {
    const order = "order by t.created_at desc, t.id desc";
    const rows = q.templatePk
      ? await this.sql.all<RawRow>(`${SELECT_LISTED} where t.template_pk = ? ${order}`, [q.templatePk])
      : await this.sql.all<RawRow>(`${SELECT_LISTED} ${order}`);
    return rows.map(toListed);
  }

  async update(id: string, patch: TriggerPatch, now: number): Promise<boolean> {
    const { sql, params } = patchStatement(id, patch, now);
    return (await this.sql.run(sql, params)).changes > 0;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.sql.run("delete from triggers where id = ?", [id])).changes > 0;
  }

  async enabledSchedules(): Promise<Trigger[]> {
    const rows = await this.sql.all<RawRow>("select * from triggers where kind = 'schedule' and enabled = true");
    return rows.map(toTrigger);
  }

  claimFire(id: string, expected: number, next: number | null, fires: readonly ClaimedFire[]): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const claim = await tx.run(
        "update triggers set next_fire_at = ? where id = ? and enabled = true and next_fire_at = ?",
        [next, id, expected],
      );
      if (claim.changes !== 1) return false;
      await insertFires(tx, claimedFires(id, fires));
      return true;
    });
  }

  async queueFire(id: string, scheduledFor: number): Promise<boolean> {
    const sql = "update triggers set queued_for = ? where id = ? and queued_for is null";
    return (await this.sql.run(sql, [scheduledFor, id])).changes === 1;
  }

  async takeQueued(id: string, scheduledFor: number): Promise<boolean> {
    const sql = "update triggers set queued_for = null where id = ? and queued_for = ?";
    return (await this.sql.run(sql, [id, scheduledFor])).changes === 1;
  }

  async setLastRun(id: string, runId: string): Promise<void> {
    await this.sql.run("update triggers set last_run_id = ? where id = ?", [runId, id]);
  }

  // ——— schedule fires ———

  async settleFire(triggerId: string, scheduledFor: number, f: FireSettlement): Promise<boolean> {
    const settled = await this.sql.run(
      `update trigger_fires set pending = false, at = ?, outcome = ?, run_id = ?, reason = ?
        where trigger_id = ? and scheduled_for = ? and pending = true`,
      [f.at, f.outcome, f.runId ?? null, f.reason ?? null, triggerId, scheduledFor],
    );
    return settled.changes === 1;
  }

  async pendingFire(triggerId: string, scheduledFor: number): Promise<TriggerFire | undefined> {
    const raw = await this.sql.get<RawRow>(
      "select * from trigger_fires where trigger_id = ? and scheduled_for = ? and pending = true",
      [triggerId, scheduledFor],
    );
    return raw && toFireRow(raw);
  }

  async stalePendingFires(claimedBefore: number): Promise<TriggerFire[]> {
    const rows = await this.sql.all<RawRow>(
      `select f.* from trigger_fires f join triggers t on t.id = f.trigger_id
        where f.pending = true and f.at < ? and (t.queued_for is null or t.queued_for <> f.scheduled_for)
        order by f.at, f.id limit ?`,
      [claimedBefore, STALE_PER_SWEEP],
    );
    return rows.map(toFireRow);
  }

  async renewPendingFires(fires: readonly { triggerId: string; scheduledFor: number }[], now: number): Promise<void> {
    for (let from = 0; from < fires.length; from += RENEWALS_PER_UPDATE) {
      const part = fires.slice(from, from + RENEWALS_PER_UPDATE);
      const which = part.map(() => "(trigger_id = ? and scheduled_for = ?)").join(" or ");
      await this.sql.run(`update trigger_fires set at = ? where pending = true and (${which})`, [
        now,
        ...part.flatMap((f) => [f.triggerId, f.scheduledFor]),
      ]);
    }
  }

  async takePendingFire(fireId: number, claimedAt: number, now: number): Promise<boolean> {
    const sql = "update trigger_fires set at = ? where id = ? and pending = true and at = ?";
    return (await this.sql.run(sql, [now, fireId, claimedAt])).changes === 1;
  }

  // ——— every fire ———

  /** Waits for the end of this turn of the event loop: fires that happen together share one insert. */
  recordFire(f: NewFire): Promise<void> {
    return this.fires.add(f);
  }

  async history(triggerId: string, limit: number, beforeId?: number): Promise<TriggerFire[]> {
    const rows =
      beforeId === undefined
        ? await this.sql.all<RawRow>("select * from trigger_fires where trigger_id = ? order by id desc limit ?", [
            triggerId,
            limit,
          ])
        : await this.sql.all<RawRow>(
            "select * from trigger_fires where trigger_id = ? and id < ? order by id desc limit ?",
            [triggerId, beforeId, limit],
          );
    return rows.map(toFireRow);
  }

  async lastFires(triggerIds: readonly string[]): Promise<Map<string, TriggerFire>> {
    const out = new Map<string, TriggerFire>();
    if (!triggerIds.length) return out;
    const rows = await this.sql.all<RawRow>(
      `select * from trigger_fires where id in (
        select max(id) from trigger_fires where trigger_id in (${triggerIds.map(() => "?").join(", ")})
        group by trigger_id)`,
      triggerIds,
    );
    for (const raw of rows) {
      const fire = toFireRow(raw);
      out.set(fire.triggerId, fire);
    }
    return out;
  }

  async prune(triggerId: string, keep: number): Promise<void> {
    await this.sql.run(
      `delete from trigger_fires where trigger_id = ? and id <= (
        select id from trigger_fires where trigger_id = ? order by id desc limit 1 offset ?)`,
      [triggerId, triggerId, keep],
    );
  }

  // ——— webhook deliveries ———

  async claimDelivery(f: NewFire) {
    const fireId = await insertFire(this.sql, f);
    if (fireId !== undefined) return { claimed: true as const, fireId };
    // The key's row is committed: a unique insert that found it waited for the other's commit.
    return { claimed: false as const, earlier: (await this.findDelivery(f.triggerId, f.deliveryKey!))! };
  }

  async findDelivery(triggerId: string, key: string): Promise<TriggerFire | undefined> {
    const raw = await this.sql.get<RawRow>("select * from trigger_fires where trigger_id = ? and delivery_key = ?", [
      triggerId,
      key,
    ]);
    return raw && toFireRow(raw);
  }

  async settleDelivery(fireId: string | number, f: Pick<NewFire, "outcome" | "reason" | "runId">): Promise<void> {
    await this.sql.run(
      "update trigger_fires set outcome = ?, reason = ?, run_id = ?, delivery_key = null where id = ?",
      [f.outcome, f.reason ?? null, f.runId ?? null, Number(fireId)],
    );
  }

  // ——— runs ———

  async runStatus(runId: string): Promise<string | undefined> {
    return (await this.sql.get<{ status: string }>("select status from runs where id = ?", [runId]))?.status;
  }
}

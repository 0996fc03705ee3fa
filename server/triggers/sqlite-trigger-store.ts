/**
 * The TriggerStore on SQLite: all trigger SQL, as prepared statements per connection. Claims are one
 * guarded UPDATE (or a unique INSERT for deliveries), which SQLite runs under its single writer lock, so
 * two processes on one file never both win; a schedule's claim writes its fires in the same transaction.
 * Fires of one turn of the event loop share a transaction.
 */
import type Database from "better-sqlite3";
import { TriggerVariablesSchema } from "@/lib/triggers/trigger-schema";
import { deferWrite } from "@/server/db/deferred-writes";
import { rawRowMapper, type RawRow } from "@/server/db/map-raw-row";
import type { Db } from "@/server/db/open-database";
import { perConnection } from "@/server/db/per-connection";
import { triggerFires, triggers } from "@/server/db/schema";
import type {
  ClaimedFire,
  CreatorAccount,
  FireSettlement,
  NewFire,
  NewTrigger,
  Trigger,
  TriggerCreator,
  TriggerFire,
  TriggerListed,
  TriggerPatch,
  TriggerStore,
} from "./trigger-store";

const toTriggerRow = rawRowMapper(triggers);
const toFireRow = rawRowMapper(triggerFires);

function statements(sqlite: Database.Database) {
  return {
    insert: sqlite.prepare(
      `insert into triggers (id, template_pk, kind, enabled, cron, timezone, misfire, overlap, auth, secret_sealed,
         variables, created_by, next_fire_at, created_at, updated_at)
       values (@id, @templatePk, @kind, @enabled, @cron, @timezone, @misfire, @overlap, @auth, @secretSealed,
         @variables, @createdBy, @nextFireAt, @now, @now)`,
    ),
    get: sqlite.prepare(
      `select t.*, p.name as template_name, p.template_id as template_ref from triggers t
       join templates p on p.id = t.template_pk where t.id = ?`,
    ),
    listAll: sqlite.prepare(
      `select t.*, p.name as template_name, p.template_id as template_ref from triggers t
       join templates p on p.id = t.template_pk order by t.created_at desc, t.id desc`,
    ),
    listOf: sqlite.prepare(
      `select t.*, p.name as template_name, p.template_id as template_ref from triggers t
       join templates p on p.id = t.template_pk where t.template_pk = ? order by t.created_at desc, t.id desc`,
    ),
    delete: sqlite.prepare(`delete from triggers where id = ?`),
    enabledSchedules: sqlite.prepare(`select * from triggers where kind = 'schedule' and enabled = 1`),
    claim: sqlite.prepare(`update triggers set next_fire_at = ? where id = ? and enabled = 1 and next_fire_at = ?`),
    queue: sqlite.prepare(`update triggers set queued_for = ? where id = ? and queued_for is null`),
    takeQueued: sqlite.prepare(`update triggers set queued_for = null where id = ? and queued_for = ?`),
    lastRun: sqlite.prepare(`update triggers set last_run_id = ? where id = ?`),
    claimedFire: sqlite.prepare(
      `insert into trigger_fires (trigger_id, at, scheduled_for, outcome, run_id, reason, pending)
       values (@triggerId, @at, @scheduledFor, @outcome, @runId, @reason, @pending)
       on conflict do nothing`,
    ),
    settleFire: sqlite.prepare(
      `update trigger_fires set pending = 0, at = @at, outcome = @outcome, run_id = @runId, reason = @reason
       where trigger_id = @triggerId and scheduled_for = @scheduledFor and pending = 1`,
    ),
    stalePending: sqlite.prepare(
      `select f.* from trigger_fires f join triggers t on t.id = f.trigger_id
       where f.pending = 1 and f.at < ? and (t.queued_for is null or t.queued_for <> f.scheduled_for)
       order by f.at, f.id limit 100`,
    ),
    pendingFire: sqlite.prepare(
      `select * from trigger_fires where trigger_id = ? and scheduled_for = ? and pending = 1`,
    ),
    renewPending: sqlite.prepare(
      `update trigger_fires set at = ? where trigger_id = ? and scheduled_for = ? and pending = 1`,
    ),
    takePending: sqlite.prepare(`update trigger_fires set at = ? where id = ? and pending = 1 and at = ?`),
    recordFire: sqlite.prepare(
      `insert into trigger_fires (trigger_id, at, scheduled_for, outcome, run_id, reason, delivery_key)
       values (@triggerId, @at, @scheduledFor, @outcome, @runId, @reason, @deliveryKey)
       on conflict do nothing`,
    ),
    findDelivery: sqlite.prepare(`select * from trigger_fires where trigger_id = ? and delivery_key = ?`),
    settleDelivery: sqlite.prepare(
      `update trigger_fires set outcome = @outcome, reason = @reason, run_id = @runId, delivery_key = null where id = @id`,
    ),
    history: sqlite.prepare(`select * from trigger_fires where trigger_id = ? and id < ? order by id desc limit ?`),
    last: sqlite.prepare(`select * from trigger_fires where trigger_id = ? order by id desc limit 1`),
    prune: sqlite.prepare(
      `delete from trigger_fires where trigger_id = @id and id <= (
         select id from trigger_fires where trigger_id = @id order by id desc limit 1 offset @keep)`,
    ),
    runStatus: sqlite.prepare(`select status from runs where id = ?`),
    user: sqlite.prepare(`select * from users where id = ?`),
  };
}

const stmts = perConnection(statements);

function creatorOf(json: string): TriggerCreator {
  const v = JSON.parse(json) as { userId?: unknown; email?: unknown };
  return { userId: typeof v.userId === "string" ? v.userId : null, email: typeof v.email === "string" ? v.email : "" };
}

function toTrigger(raw: RawRow): Trigger {
  const row = toTriggerRow(raw);
  const variables = TriggerVariablesSchema.safeParse(JSON.parse(row.variables));
  return { ...row, variables: variables.success ? variables.data : {}, createdBy: creatorOf(row.createdBy) };
}

function toListed(raw: RawRow): TriggerListed {
  return { ...toTrigger(raw), templateName: String(raw.template_name), templateId: String(raw.template_ref) };
}

/** Column names of the patchable fields (the only ones an UPDATE is built from). */
const PATCH_COLUMNS: Record<keyof TriggerPatch, string> = {
  enabled: "enabled",
  cron: "cron",
  timezone: "timezone",
  misfire: "misfire",
  overlap: "overlap",
  auth: "auth",
  secretSealed: "secret_sealed",
  variables: "variables",
  nextFireAt: "next_fire_at",
  queuedFor: "queued_for",
};

export class SqliteTriggerStore implements TriggerStore {
  constructor(readonly db: Db) {}

  private get s() {
    return stmts(this.db);
  }

  insert(t: NewTrigger): void {
    this.s.insert.run({
      id: t.id,
      templatePk: t.templatePk,
      kind: t.kind,
      enabled: t.enabled ? 1 : 0,
      cron: t.cron ?? null,
      timezone: t.timezone ?? null,
      misfire: t.misfire ?? null,
      overlap: t.overlap ?? null,
      auth: t.auth ?? null,
      secretSealed: t.secretSealed ?? null,
      variables: JSON.stringify(t.variables),
      createdBy: JSON.stringify(t.createdBy),
      nextFireAt: t.nextFireAt,
      now: t.now,
    });
  }

  get(id: string): TriggerListed | undefined {
    const raw = this.s.get.get(id) as RawRow | undefined;
    return raw ? toListed(raw) : undefined;
  }

  list(q: { templatePk?: string }): TriggerListed[] {
    return ((q.templatePk ? this.s.listOf.all(q.templatePk) : this.s.listAll.all()) as RawRow[]).map(toListed);
  }

  update(id: string, patch: TriggerPatch, now: number): boolean {
    const sets = ["updated_at = @now"];
    const params: Record<string, unknown> = { id, now };
    for (const [key, value] of Object.entries(patch) as [keyof TriggerPatch, unknown][]) {
      if (value === undefined) continue;
      sets.push(`${PATCH_COLUMNS[key]} = @${key}`);
      params[key] = key === "variables" ? JSON.stringify(value) : typeof value === "boolean" ? Number(value) : value;
    }
    return this.db.$client.prepare(`update triggers set ${sets.join(", ")} where id = @id`).run(params).changes > 0;
  }

  delete(id: string): boolean {
    return this.s.delete.run(id).changes > 0;
  }

  enabledSchedules(): Trigger[] {
    return (this.s.enabledSchedules.all() as RawRow[]).map(toTrigger);
  }

  claimFire(id: string, expected: number, next: number | null, fires: readonly ClaimedFire[]): boolean {
    const s = this.s;
    return this.db.$client
      .transaction(() => {
        if (s.claim.run(next, id, expected).changes !== 1) return false;
        for (const f of fires)
          s.claimedFire.run({
            triggerId: id,
            at: f.at,
            scheduledFor: f.scheduledFor,
            outcome: f.outcome,
            runId: f.runId ?? null,
            reason: f.reason ?? null,
            pending: f.pending ? 1 : 0,
          });
        return true;
      })
      .immediate();
  }

  settleFire(triggerId: string, scheduledFor: number, f: FireSettlement): boolean {
    const row = {
      triggerId,
      scheduledFor,
      at: f.at,
      outcome: f.outcome,
      runId: f.runId ?? null,
      reason: f.reason ?? null,
    };
    return this.s.settleFire.run(row).changes === 1;
  }

  pendingFire(triggerId: string, scheduledFor: number): TriggerFire | undefined {
    const raw = this.s.pendingFire.get(triggerId, scheduledFor) as RawRow | undefined;
    return raw ? toFireRow(raw) : undefined;
  }

  stalePendingFires(claimedBefore: number): TriggerFire[] {
    return (this.s.stalePending.all(claimedBefore) as RawRow[]).map(toFireRow);
  }

  renewPendingFires(fires: readonly { triggerId: string; scheduledFor: number }[], now: number): void {
    const s = this.s;
    this.db.$client.transaction(() => {
      for (const f of fires) s.renewPending.run(now, f.triggerId, f.scheduledFor);
    })();
  }

  takePendingFire(fireId: number, claimedAt: number, now: number): boolean {
    return this.s.takePending.run(now, fireId, claimedAt).changes === 1;
  }

  queueFire(id: string, scheduledFor: number): boolean {
    return this.s.queue.run(scheduledFor, id).changes === 1;
  }

  takeQueued(id: string, scheduledFor: number): boolean {
    return this.s.takeQueued.run(id, scheduledFor).changes === 1;
  }

  setLastRun(id: string, runId: string): void {
    this.s.lastRun.run(runId, id);
  }

  /** Waits for the end of this turn of the event loop: fires that happen together share one commit. */
  recordFire(f: NewFire): Promise<void> {
    const row = fireParams(f);
    return deferWrite(this.db, () => void this.s.recordFire.run(row));
  }

  claimDelivery(f: NewFire) {
    const inserted = this.s.recordFire.run(fireParams(f));
    if (inserted.changes === 1) return { claimed: true as const, fireId: Number(inserted.lastInsertRowid) };
    return { claimed: false as const, earlier: this.findDelivery(f.triggerId, f.deliveryKey!)! };
  }

  findDelivery(triggerId: string, key: string): TriggerFire | undefined {
    const raw = this.s.findDelivery.get(triggerId, key) as RawRow | undefined;
    return raw ? toFireRow(raw) : undefined;
  }

  settleDelivery(fireId: string | number, f: Pick<NewFire, "outcome" | "reason" | "runId">): void {
    this.s.settleDelivery.run({ id: fireId, outcome: f.outcome, reason: f.reason ?? null, runId: f.runId ?? null });
  }

  history(triggerId: string, limit: number, beforeId = Number.MAX_SAFE_INTEGER): TriggerFire[] {
    return (this.s.history.all(triggerId, beforeId, limit) as RawRow[]).map(toFireRow);
  }

  lastFires(triggerIds: readonly string[]): Map<string, TriggerFire> {
    const out = new Map<string, TriggerFire>();
    for (const id of triggerIds) {
      const raw = this.s.last.get(id) as RawRow | undefined;
      if (raw) out.set(id, toFireRow(raw));
    }
    return out;
  }

  prune(triggerId: string, keep: number): void {
    this.s.prune.run({ id: triggerId, keep });
  }

  runStatus(runId: string): string | undefined {
    return (this.s.runStatus.get(runId) as { status: string } | undefined)?.status;
  }

  creatorAccount(userId: string): CreatorAccount | undefined {
    const raw = this.s.user.get(userId) as RawRow | undefined;
    if (!raw) return undefined;
    const roles = JSON.parse(String(raw.roles)) as unknown;
    return {
      roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === "string") : [],
      // An account an admin disabled carries `disabled_at`.
      disabled: raw.disabled_at != null,
    };
  }
}

function fireParams(f: NewFire) {
  return {
    triggerId: f.triggerId,
    at: f.at,
    scheduledFor: f.scheduledFor ?? null,
    outcome: f.outcome,
    runId: f.runId ?? null,
    reason: f.reason ?? null,
    deliveryKey: f.deliveryKey ?? null,
  };
}

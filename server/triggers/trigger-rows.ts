/**
 * The `triggers` table as the SQL trigger store reads and writes it: rows (with their template's name and
 * own id, as lists show them) mapped to `Trigger`s, a new trigger's values, and a patch as an UPDATE.
 */
import { TriggerVariablesSchema } from "@/lib/triggers/trigger-schema";
import { rawRowMapper, type RawRow } from "@/server/db/map-raw-row";
import { triggers } from "@/server/db/schema";
import type { SqlParam } from "@/server/db/sql/sql-db";
import type { NewTrigger, Trigger, TriggerCreator, TriggerListed, TriggerPatch } from "./trigger-store";

const toTriggerRow = rawRowMapper(triggers);

/** A trigger with its template's name and own id; `where` and `order by` follow. */
export const SELECT_LISTED = `select t.*, p.name as template_name, p.template_id as template_ref from triggers t
  join templates p on p.id = t.template_pk`;

export const INSERT_TRIGGER = `insert into triggers (id, template_pk, kind, enabled, cron, timezone, misfire, overlap,
    auth, secret_sealed, variables, created_by, next_fire_at, created_at, updated_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export function newTriggerValues(t: NewTrigger): SqlParam[] {
  return [
    t.id,
    t.templatePk,
    t.kind,
    t.enabled,
    t.cron ?? null,
    t.timezone ?? null,
    t.misfire ?? null,
    t.overlap ?? null,
    t.auth ?? null,
    t.secretSealed ?? null,
    JSON.stringify(t.variables),
    JSON.stringify(t.createdBy),
    t.nextFireAt,
    t.now,
    t.now,
  ];
}

function creatorOf(json: string): TriggerCreator {
  const v = JSON.parse(json) as { userId?: unknown; email?: unknown };
  return { userId: typeof v.userId === "string" ? v.userId : null, email: typeof v.email === "string" ? v.email : "" };
}

export function toTrigger(raw: RawRow): Trigger {
  const row = toTriggerRow(raw);
  const variables = TriggerVariablesSchema.safeParse(JSON.parse(row.variables));
  return { ...row, variables: variables.success ? variables.data : {}, createdBy: creatorOf(row.createdBy) };
}

export function toListed(raw: RawRow): TriggerListed {
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

/** `update triggers set …` for the fields `patch` gives (and `updated_at`), with its parameters. */
export function patchStatement(id: string, patch: TriggerPatch, now: number): { sql: string; params: SqlParam[] } {
  const sets = ["updated_at = ?"];
  const params: SqlParam[] = [now];
  for (const [key, value] of Object.entries(patch) as [keyof TriggerPatch, TriggerPatch[keyof TriggerPatch]][]) {
    if (value === undefined) continue;
    sets.push(`${PATCH_COLUMNS[key]} = ?`);
    params.push(typeof value === "object" && value !== null ? JSON.stringify(value) : value);
  }
  return { sql: `update triggers set ${sets.join(", ")} where id = ?`, params: [...params, id] };
}

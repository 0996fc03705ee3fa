/**
 * Test helper: what the trigger store's contract tests need in the database around a trigger — a template
 * row to belong to, a run row whose status a fire looks at — written straight on the SQL seam, and new
 * triggers with unique ids.
 */
import type { SqlQueries } from "@/server/db/sql/sql-db";
import type { NewTrigger } from "@/server/triggers/trigger-store";

let made = 0;
const next = (prefix: string) => `${prefix}_store_${++made}`;

/** A library template's row (its pk): what a trigger belongs to. */
export async function seedTemplate(sql: SqlQueries, name = "Nightly"): Promise<string> {
  const pk = next("tpl");
  await sql.run(
    "insert into templates (id, template_id, name, slug, latest_version, latest_hash) values (?, ?, ?, ?, 1, 'h')",
    [pk, `${pk}-ref`, name, pk],
  );
  return pk;
}

export async function seedRun(sql: SqlQueries, status: string): Promise<string> {
  const id = next("run");
  await sql.run("insert into runs (id, template_json, name, status, workspace) values (?, '', 'r', ?, '/tmp')", [
    id,
    status,
  ]);
  return id;
}

/** An enabled schedule every minute, next due at `nextFireAt`, created by the API token. */
export function newSchedule(templatePk: string, nextFireAt: number | null, o: Partial<NewTrigger> = {}): NewTrigger {
  return {
    id: next("trg"),
    templatePk,
    kind: "schedule",
    enabled: true,
    cron: "* * * * *",
    timezone: "UTC",
    misfire: "run_once",
    overlap: "skip",
    variables: { branch: "main" },
    createdBy: { userId: null, email: "api-token" },
    nextFireAt,
    now: 1_000,
    ...o,
  };
}

export function newWebhook(templatePk: string, o: Partial<NewTrigger> = {}): NewTrigger {
  return {
    id: next("trg"),
    templatePk,
    kind: "webhook",
    enabled: true,
    auth: "hmac",
    secretSealed: "sealed",
    variables: { branch: "{body.ref}" },
    createdBy: { userId: "usr_1", email: "ed@example.com" },
    nextFireAt: null,
    now: 1_000,
    ...o,
  };
}

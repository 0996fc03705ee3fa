/**
 * drizzle schema: templates and their immutable versions, runs, node runs, the append-only
 * run event log (id increasing per run — the live stream's resume point) and approvals.
 * Status columns use the tuples exported by lib/workflow; JSON columns are re-parsed on read.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { APPROVAL_KINDS, APPROVAL_STATUSES, NODE_STATUSES, RUN_STATUSES } from "@/lib/workflow/model/statuses";
import {
  FIRE_OUTCOMES,
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  TRIGGER_KINDS,
  WEBHOOK_AUTHS,
} from "@/lib/triggers/trigger-schema";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const templates = sqliteTable(
  "templates",
  {
    id: text("id").primaryKey(),
    templateId: text("template_id").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    /** JSON array of strings. */
    tags: text("tags").notNull().default("[]"),
    latestVersion: integer("latest_version").notNull(),
    latestHash: text("latest_hash").notNull(),
    /** The latest version is a draft (saved with validation errors). */
    latestDraft: integer("latest_draft", { mode: "boolean" }).notNull().default(false),
    /** Derived from the latest version on save, so the library lists without reading versions. */
    nodeCount: integer("node_count").notNull().default(0),
    /** `metadata.task_type` of the latest version ("" when absent). */
    taskType: text("task_type").notNull().default(""),
    /** Lower-cased name, description, tags and node names: what library search matches. */
    searchText: text("search_text").notNull().default(""),
    /** Soft delete: set → hidden from the library, restorable. */
    deletedAt: integer("deleted_at"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("templates_template_id_idx").on(t.templateId), index("templates_updated_idx").on(t.updatedAt)],
);

export const templateVersions = sqliteTable(
  "template_versions",
  {
    templateId: text("template_pk")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    hash: text("hash").notNull(),
    /** The template JSON exactly as saved; never updated. */
    json: text("json").notNull(),
    /** Saved while `validateTemplate` reported errors: kept, but not runnable as is. */
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

export const runs = sqliteTable(
  "runs",
  {
    id: text("id").primaryKey(),
    templatePk: text("template_pk").references(() => templates.id, { onDelete: "set null" }),
    templateVersion: integer("template_version"),
    /**
     * Runs stored before `run_specs` existed keep their template snapshot here; newer runs write "" and
     * keep it in `run_specs` (this row is rewritten on every tick, so it must stay small).
     */
    templateJson: text("template_json").notNull(),
    /** As `templateJson`: the plan of runs stored before `run_specs`; "{}" for newer runs. */
    planJson: text("plan_json").notNull().default("{}"),
    name: text("name").notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull(),
    /** JSON object of the run's variables. */
    variables: text("variables").notNull().default("{}"),
    error: text("error"),
    /** JSON of run-level reducer fields not in columns (e.g. `stopping`). */
    state: text("state").notNull().default("{}"),
    workspace: text("workspace").notNull(),
    lastEventId: integer("last_event_id").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
    /** Who started the run: JSON `{ userId, email }` (null for the CLI and runs from before accounts). */
    startedBy: text("started_by"),
    /** The trigger that started it (docs/triggers.md); null for runs a person or client started. */
    triggerId: text("trigger_id"),
    triggerKind: text("trigger_kind", { enum: TRIGGER_KINDS }),
    /** A sub-workflow run: the run and workflow node that started it (docs/engine.md, "Sub-workflows"); else null. */
    parentRunId: text("parent_run_id"),
    parentNodeId: text("parent_node_id"),
  },
  (t) => [
    index("runs_status_idx").on(t.status),
    index("runs_created_idx").on(t.createdAt),
    // run.list pages newest first by (created_at, id), optionally within one status.
    index("runs_created_id_idx").on(t.createdAt, t.id),
    index("runs_status_created_idx").on(t.status, t.createdAt, t.id),
    // The library's runs count and last run status per template.
    index("runs_template_idx").on(t.templatePk, t.createdAt),
    // run.list's trigger filter, and a trigger's previous run.
    index("runs_trigger_idx").on(t.triggerId, t.createdAt, t.id),
    // run.list's parentRunId filter: a run's child runs.
    index("runs_parent_idx").on(t.parentRunId, t.createdAt, t.id),
  ],
);

/** What a run was planned from, written once at start: never rewritten by the engine's ticks. */
export const runSpecs = sqliteTable("run_specs", {
  runId: text("run_id")
    .primaryKey()
    .references(() => runs.id, { onDelete: "cascade" }),
  /** Snapshot of the template the run was planned from (JSON). */
  templateJson: text("template_json").notNull(),
  /** Run plan (loops expanded, gate table) as JSON. */
  planJson: text("plan_json").notNull(),
});

export const nodeRuns = sqliteTable(
  "node_runs",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    /** Planned node id; loop iterations are `<loopId>.iter_<k>`. */
    nodeId: text("node_id").notNull(),
    status: text("status", { enum: NODE_STATUSES }).notNull(),
    attempt: integer("attempt").notNull().default(0),
    iteration: integer("iteration"),
    output: text("output"),
    error: text("error"),
    /** JSON of extra node state (session id, artifacts, fallback origin, gate decision). */
    state: text("state").notNull().default("{}"),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.nodeId] }), index("node_runs_status_idx").on(t.status)],
);

export const runEvents = sqliteTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    /** Increasing per run, starting at 1. */
    id: integer("id").notNull(),
    type: text("type").notNull(),
    nodeId: text("node_id"),
    status: text("status"),
    /** JSON payload of the event. */
    payload: text("payload").notNull().default("{}"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.runId, t.id] })],
);

export const approvals = sqliteTable(
  "approvals",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    kind: text("kind", { enum: APPROVAL_KINDS }).notNull(),
    /**
     * `check`: a human check on a node's output; `precondition`: a human precondition before its work (both
     * approve or reject only, no answer); null: the node itself.
     */
    stage: text("stage", { enum: ["node", "check", "precondition"] }),
    prompt: text("prompt"),
    /** JSON array of choices (gate branch labels, human options), or null. */
    options: text("options"),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull().default("pending"),
    decision: text("decision"),
    answer: text("answer"),
    comment: text("comment"),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at"),
    createdAt: integer("created_at").notNull().default(now),
    /** Distinct approvers needed before the node continues (`approvals_required`). */
    requiredApprovals: integer("required_approvals").notNull().default(1),
    /** JSON array of the decisions so far: `{ by, decision, answer?, comment?, at }`. */
    votes: text("votes").notNull().default("[]"),
    /** When the approval times out (ms since epoch), and what then happens (`continue` | `fail`). */
    timeoutAt: integer("timeout_at"),
    onTimeout: text("on_timeout"),
    /** False: whoever started the run may not decide it. */
    allowSelfApproval: integer("allow_self_approval", { mode: "boolean" }).notNull().default(true),
    /** The request of the same node that came after this one (a re-run or a retry asked again); null: none yet. */
    replacedBy: text("replaced_by"),
  },
  (t) => [index("approvals_status_idx").on(t.status), index("approvals_run_idx").on(t.runId)],
);

/** Accounts (docs/security.md). Emails are stored lower-cased; roles is a JSON array of role names. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** argon2id PHC string; never leaves the server. */
    passwordHash: text("password_hash").notNull(),
    roles: text("roles").notNull().default("[]"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /** When an admin disabled the account (null: enabled). A disabled user cannot sign in or use a token. */
    disabledAt: integer("disabled_at"),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

/** Server-side sessions: the cookie holds a random token, the row its SHA-256 (a stolen database gives no live cookie). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Personal API tokens: only the SHA-256 of the token is stored; shown once at creation. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The first characters of the token, so a person can tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

/** Named secrets, AES-256-GCM encrypted at rest (server/auth/secret-box.ts); the value is never returned. */
export const secrets = sqliteTable("secrets", {
  name: text("name").primaryKey(),
  /** base64 of iv (12 bytes) + auth tag (16 bytes) + ciphertext. */
  sealed: text("sealed").notNull(),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** Append-only audit log (triggers refuse UPDATE and DELETE). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull().default(now),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull().default(""),
    /** JSON object: what changed (never a password, token or secret value). */
    detail: text("detail").notNull().default("{}"),
  },
  (t) => [index("audit_actor_idx").on(t.actor), index("audit_action_idx").on(t.action)],
);

/**
 * A template's schedules and webhooks (docs/triggers.md). `next_fire_at` is the next fire time not yet
 * claimed: a server claims a fire by moving it on with an update guarded by its old value, so each fire
 * starts at most one run even with several servers on one database.
 */
export const triggers = sqliteTable(
  "triggers",
  {
    id: text("id").primaryKey(),
    templatePk: text("template_pk")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TRIGGER_KINDS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Schedules: the cron expression, its IANA time zone and the two policies. */
    cron: text("cron"),
    timezone: text("timezone"),
    misfire: text("misfire", { enum: MISFIRE_POLICIES }),
    overlap: text("overlap", { enum: OVERLAP_POLICIES }),
    /** Webhooks: how a call proves itself, and the secret sealed with the data folder's key. */
    auth: text("auth", { enum: WEBHOOK_AUTHS }),
    secretSealed: text("secret_sealed"),
    /** JSON object: variable → value (schedules) or → text over the request (webhooks). */
    variables: text("variables").notNull().default("{}"),
    /** JSON `{ userId, email }`: the trigger acts as its creator. */
    createdBy: text("created_by").notNull(),
    /** Epoch ms of the next fire not yet claimed; null for webhooks and disabled schedules. */
    nextFireAt: integer("next_fire_at"),
    /** A fire waiting for the previous run to end (overlap `queue` / `cancel_previous`): its scheduled time. */
    queuedFor: integer("queued_for"),
    /** The last run this trigger started (what overlap compares with). */
    lastRunId: text("last_run_id"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("triggers_template_idx").on(t.templatePk), index("triggers_next_fire_idx").on(t.nextFireAt)],
);

/** Every fire of a trigger and what became of it; the newest rows per trigger are kept (a retention bound). */
export const triggerFires = sqliteTable(
  "trigger_fires",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    triggerId: text("trigger_id")
      .notNull()
      .references(() => triggers.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    /** The schedule's time this fire was for (null for webhooks). */
    scheduledFor: integer("scheduled_for"),
    outcome: text("outcome", { enum: FIRE_OUTCOMES }).notNull(),
    runId: text("run_id"),
    reason: text("reason"),
    /** A webhook call's `Idempotency-Key` / `X-Wf-Delivery`: a repeat answers this row's run. */
    deliveryKey: text("delivery_key"),
    /**
     * Claimed but not decided yet: written with the claim, so a fire survives a crash before its run
     * starts. `run_id` is then the id its run will have; `at` is when it was claimed.
     */
    pending: integer("pending", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("trigger_fires_trigger_idx").on(t.triggerId, t.id),
    // One row per scheduled time, one per delivery (NULLs do not collide).
    uniqueIndex("trigger_fires_scheduled_idx").on(t.triggerId, t.scheduledFor),
    uniqueIndex("trigger_fires_delivery_idx").on(t.triggerId, t.deliveryKey),
    // The few fires claimed and not yet decided (what a scheduler resumes after a crash).
    index("trigger_fires_pending_idx")
      .on(t.at)
      .where(sql`pending = 1`),
  ],
);

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateVersionRow = typeof templateVersions.$inferSelect;
export type RunRow = typeof runs.$inferSelect;
export type RunSpecRow = typeof runSpecs.$inferSelect;
export type NodeRunRow = typeof nodeRuns.$inferSelect;
export type RunEventRow = typeof runEvents.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type TriggerRow = typeof triggers.$inferSelect;
export type TriggerFireRow = typeof triggerFires.$inferSelect;

/** Agent providers added in Settings (the file and the environment add theirs on top). */
export const agentProviders = sqliteTable("agent_providers", {
  name: text("name").primaryKey(),
  kind: text("kind", { enum: ["cli", "openai"] }).notNull(),
  /** JSON list of the program and its arguments (cli). */
  command: text("command"),
  baseUrl: text("base_url"),
  model: text("model"),
  /** Name of the secret holding the API key (openai); never the key. */
  apiKeySecret: text("api_key_secret"),
  timeoutMs: integer("timeout_ms"),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull().default(now),
});

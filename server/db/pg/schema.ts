/**
 * The PostgreSQL mirror of server/db/schema.ts (drizzle pg-core): the same tables, column names, nullability,
 * defaults, keys, indexes and foreign keys, checked by schema-parity.test.ts. Timestamps stay integer
 * milliseconds (`bigint`, read as numbers), booleans are `boolean`, JSON columns stay `text` so both stores
 * hand back the same strings (docs/decisions/046-postgres-schema-mirrors-sqlite.md).
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { APPROVAL_KINDS, APPROVAL_STATUSES, NODE_STATUSES, RUN_STATUSES } from "@/lib/workflow/model/statuses";
import {
  FIRE_OUTCOMES,
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  TRIGGER_KINDS,
  WEBHOOK_AUTHS,
} from "@/lib/triggers/trigger-schema";

/** Epoch milliseconds of the statement's clock, as SQLite's `unixepoch('subsecond') * 1000` gives. */
const now = sql`(floor(extract(epoch from clock_timestamp()) * 1000)::bigint)`;
/** Integer milliseconds since the epoch (or a duration in ms): past int4, read as a JavaScript number. */
const ms = (name: string) => bigint(name, { mode: "number" });

export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    templateId: text("template_id").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    tags: text("tags").notNull().default("[]"),
    latestVersion: integer("latest_version").notNull(),
    latestHash: text("latest_hash").notNull(),
    latestDraft: boolean("latest_draft").notNull().default(false),
    nodeCount: integer("node_count").notNull().default(0),
    taskType: text("task_type").notNull().default(""),
    searchText: text("search_text").notNull().default(""),
    deletedAt: ms("deleted_at"),
    createdAt: ms("created_at").notNull().default(now),
    updatedAt: ms("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("templates_template_id_idx").on(t.templateId), index("templates_updated_idx").on(t.updatedAt)],
);

export const templateVersions = pgTable(
  "template_versions",
  {
    templateId: text("template_pk")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    hash: text("hash").notNull(),
    json: text("json").notNull(),
    draft: boolean("draft").notNull().default(false),
    createdAt: ms("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

export const runs = pgTable(
  "runs",
  {
    id: text("id").primaryKey(),
    templatePk: text("template_pk").references(() => templates.id, { onDelete: "set null" }),
    templateVersion: integer("template_version"),
    templateJson: text("template_json").notNull(),
    planJson: text("plan_json").notNull().default("{}"),
    name: text("name").notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull(),
    variables: text("variables").notNull().default("{}"),
    error: text("error"),
    state: text("state").notNull().default("{}"),
    workspace: text("workspace").notNull(),
    lastEventId: integer("last_event_id").notNull().default(0),
    createdAt: ms("created_at").notNull().default(now),
    startedAt: ms("started_at"),
    finishedAt: ms("finished_at"),
    startedBy: text("started_by"),
    triggerId: text("trigger_id"),
    triggerKind: text("trigger_kind", { enum: TRIGGER_KINDS }),
    parentRunId: text("parent_run_id"),
    parentNodeId: text("parent_node_id"),
  },
  (t) => [
    index("runs_status_idx").on(t.status),
    index("runs_created_idx").on(t.createdAt),
    index("runs_created_id_idx").on(t.createdAt, t.id),
    index("runs_status_created_idx").on(t.status, t.createdAt, t.id),
    index("runs_template_idx").on(t.templatePk, t.createdAt),
    index("runs_trigger_idx").on(t.triggerId, t.createdAt, t.id),
    index("runs_parent_idx").on(t.parentRunId, t.createdAt, t.id),
  ],
);

export const runSpecs = pgTable("run_specs", {
  runId: text("run_id")
    .primaryKey()
    .references(() => runs.id, { onDelete: "cascade" }),
  templateJson: text("template_json").notNull(),
  planJson: text("plan_json").notNull(),
});

export const nodeRuns = pgTable(
  "node_runs",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    status: text("status", { enum: NODE_STATUSES }).notNull(),
    attempt: integer("attempt").notNull().default(0),
    iteration: integer("iteration"),
    output: text("output"),
    error: text("error"),
    state: text("state").notNull().default("{}"),
    startedAt: ms("started_at"),
    finishedAt: ms("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.nodeId] }), index("node_runs_status_idx").on(t.status)],
);

export const runEvents = pgTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    id: integer("id").notNull(),
    type: text("type").notNull(),
    nodeId: text("node_id"),
    status: text("status"),
    payload: text("payload").notNull().default("{}"),
    createdAt: ms("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.runId, t.id] })],
);

export const approvals = pgTable(
  "approvals",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    kind: text("kind", { enum: APPROVAL_KINDS }).notNull(),
    stage: text("stage", { enum: ["node", "check", "precondition"] }),
    prompt: text("prompt"),
    options: text("options"),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull().default("pending"),
    decision: text("decision"),
    answer: text("answer"),
    comment: text("comment"),
    decidedBy: text("decided_by"),
    decidedAt: ms("decided_at"),
    createdAt: ms("created_at").notNull().default(now),
    requiredApprovals: integer("required_approvals").notNull().default(1),
    votes: text("votes").notNull().default("[]"),
    timeoutAt: ms("timeout_at"),
    onTimeout: text("on_timeout"),
    allowSelfApproval: boolean("allow_self_approval").notNull().default(true),
    replacedBy: text("replaced_by"),
  },
  (t) => [index("approvals_status_idx").on(t.status), index("approvals_run_idx").on(t.runId)],
);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    roles: text("roles").notNull().default("[]"),
    createdAt: ms("created_at").notNull().default(now),
    updatedAt: ms("updated_at").notNull().default(now),
    disabledAt: ms("disabled_at"),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ms("created_at").notNull().default(now),
    expiresAt: ms("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdAt: ms("created_at").notNull().default(now),
    lastUsedAt: ms("last_used_at"),
    revokedAt: ms("revoked_at"),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

export const secrets = pgTable("secrets", {
  name: text("name").primaryKey(),
  sealed: text("sealed").notNull(),
  createdAt: ms("created_at").notNull().default(now),
  updatedAt: ms("updated_at").notNull().default(now),
});

/** Append-only, as in SQLite: triggers refuse UPDATE and DELETE (drizzle/pg's custom migration). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    at: ms("at").notNull().default(now),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull().default(""),
    detail: text("detail").notNull().default("{}"),
  },
  (t) => [index("audit_actor_idx").on(t.actor), index("audit_action_idx").on(t.action)],
);

export const triggers = pgTable(
  "triggers",
  {
    id: text("id").primaryKey(),
    templatePk: text("template_pk")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TRIGGER_KINDS }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    cron: text("cron"),
    timezone: text("timezone"),
    misfire: text("misfire", { enum: MISFIRE_POLICIES }),
    overlap: text("overlap", { enum: OVERLAP_POLICIES }),
    auth: text("auth", { enum: WEBHOOK_AUTHS }),
    secretSealed: text("secret_sealed"),
    variables: text("variables").notNull().default("{}"),
    createdBy: text("created_by").notNull(),
    nextFireAt: ms("next_fire_at"),
    queuedFor: ms("queued_for"),
    lastRunId: text("last_run_id"),
    createdAt: ms("created_at").notNull().default(now),
    updatedAt: ms("updated_at").notNull().default(now),
  },
  (t) => [index("triggers_template_idx").on(t.templatePk), index("triggers_next_fire_idx").on(t.nextFireAt)],
);

export const triggerFires = pgTable(
  "trigger_fires",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    triggerId: text("trigger_id")
      .notNull()
      .references(() => triggers.id, { onDelete: "cascade" }),
    at: ms("at").notNull(),
    scheduledFor: ms("scheduled_for"),
    outcome: text("outcome", { enum: FIRE_OUTCOMES }).notNull(),
    runId: text("run_id"),
    reason: text("reason"),
    deliveryKey: text("delivery_key"),
    pending: boolean("pending").notNull().default(false),
  },
  (t) => [
    index("trigger_fires_trigger_idx").on(t.triggerId, t.id),
    // NULLs do not collide here either (PostgreSQL's default NULLS DISTINCT).
    uniqueIndex("trigger_fires_scheduled_idx").on(t.triggerId, t.scheduledFor),
    uniqueIndex("trigger_fires_delivery_idx").on(t.triggerId, t.deliveryKey),
    index("trigger_fires_pending_idx")
      .on(t.at)
      .where(sql`pending`),
  ],
);

export const agentProviders = pgTable("agent_providers", {
  name: text("name").primaryKey(),
  kind: text("kind", { enum: ["cli", "openai"] }).notNull(),
  command: text("command"),
  baseUrl: text("base_url"),
  model: text("model"),
  apiKeySecret: text("api_key_secret"),
  timeoutMs: ms("timeout_ms"),
  isDefault: boolean("is_default").notNull().default(false),
  updatedAt: ms("updated_at").notNull().default(now),
});

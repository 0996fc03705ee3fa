/**
 * Triggers: what starts a template's run on its own — a schedule (cron in a time zone) or a webhook —
 * and what each fire became: the tuples the stored rows and the API share (docs/triggers.md). The API's
 * inputs are in trigger-inputs.ts (they check schedules with croner, which the database schema need not load).
 */
import * as z from "zod";

export const TRIGGER_KINDS = ["schedule", "webhook"] as const;
export const TriggerKindSchema = z.enum(TRIGGER_KINDS);
export type TriggerKind = z.infer<typeof TriggerKindSchema>;

/** Fires missed while no server ran: each `missed`; one run for the latest; all of them (at most 10). */
export const MISFIRE_POLICIES = ["skip", "run_once", "run_all"] as const;
export const MisfirePolicySchema = z.enum(MISFIRE_POLICIES);
export type MisfirePolicy = z.infer<typeof MisfirePolicySchema>;

/** A fire while the trigger's previous run is still active (waiting for a person included). */
export const OVERLAP_POLICIES = ["skip", "allow", "queue", "cancel_previous"] as const;
export const OverlapPolicySchema = z.enum(OVERLAP_POLICIES);
export type OverlapPolicy = z.infer<typeof OverlapPolicySchema>;

export const FIRE_OUTCOMES = ["started", "skipped", "missed", "refused"] as const;
export const FireOutcomeSchema = z.enum(FIRE_OUTCOMES);
export type FireOutcome = z.infer<typeof FireOutcomeSchema>;

/** `hmac`: `X-Wf-Signature: sha256=<hex>` of the raw body; `token`: `Authorization: Bearer <secret>`. */
export const WEBHOOK_AUTHS = ["hmac", "token"] as const;
export const WebhookAuthSchema = z.enum(WEBHOOK_AUTHS);
export type WebhookAuth = z.infer<typeof WebhookAuthSchema>;

export const DEFAULT_TIMEZONE = "UTC";
export const DEFAULT_MISFIRE: MisfirePolicy = "run_once";
export const DEFAULT_OVERLAP: OverlapPolicy = "skip";

/**
 * Per variable of the template: a value (schedules), or for webhooks a text over the request —
 * `{body.<path>}`, `{headers.<name>}`, `{query.<name>}` — or a constant.
 */
export const TriggerVariablesSchema = z.record(
  z.string().min(1).max(100),
  z.union([z.string().max(10_000), z.number(), z.boolean()]),
);
export type TriggerVariables = z.infer<typeof TriggerVariablesSchema>;

/**
 * What the live channel says about one fire as it is written (`live.watch { triggers: true }`): the
 * dashboard's next fires move on, and editors see a toast when a fire is `refused`.
 */
export const FireNoticeSchema = z.object({
  triggerId: z.string(),
  kind: TriggerKindSchema,
  /** The template (its Triggers tab is `/templates/<templateId>?tab=triggers`), as `trigger.list` names it, and its name. */
  templateId: z.string(),
  templateName: z.string(),
  outcome: FireOutcomeSchema,
  reason: z.string().optional(),
  runId: z.string().optional(),
  /** ISO time the fire was written. */
  at: z.string(),
});
export type FireNotice = z.infer<typeof FireNoticeSchema>;

/** The trigger procedures' inputs (docs/api.md, "Triggers"); a schedule that does not fire is refused at its field. */
import * as z from "zod";
import { scheduleProblem } from "./cron-schedule";
import {
  DEFAULT_MISFIRE,
  DEFAULT_OVERLAP,
  DEFAULT_TIMEZONE,
  MisfirePolicySchema,
  OverlapPolicySchema,
  TriggerVariablesSchema,
  WebhookAuthSchema,
} from "./trigger-schema";

const CronSchema = z.string().trim().min(1, "a cron expression of 5 or 6 fields, like 0 9 * * 1-5").max(200);
const TimezoneSchema = z.string().trim().min(1).max(64);

/** Adds an issue at `cron` or `timezone` when the pair does not make a schedule (bad field, unknown zone, never fires). */
function refineSchedule(v: { cron?: string; timezone?: string }, ctx: z.core.$RefinementCtx): void {
  if (v.cron === undefined) return;
  const problem = scheduleProblem(v.cron, v.timezone ?? DEFAULT_TIMEZONE);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
}

const TemplateRef = z.string().min(1).max(200);

export const ScheduleCreateSchema = z
  .object({
    templateId: TemplateRef,
    kind: z.literal("schedule"),
    cron: CronSchema,
    timezone: TimezoneSchema.default(DEFAULT_TIMEZONE),
    variables: TriggerVariablesSchema.default({}),
    misfire: MisfirePolicySchema.default(DEFAULT_MISFIRE),
    overlap: OverlapPolicySchema.default(DEFAULT_OVERLAP),
    enabled: z.boolean().default(true),
  })
  .superRefine(refineSchedule);

export const WebhookCreateSchema = z.object({
  templateId: TemplateRef,
  kind: z.literal("webhook"),
  auth: WebhookAuthSchema.default("hmac"),
  variables: TriggerVariablesSchema.default({}),
  enabled: z.boolean().default(true),
});

export const TriggerCreateSchema = z.discriminatedUnion("kind", [ScheduleCreateSchema, WebhookCreateSchema]);
export type TriggerCreate = z.infer<typeof TriggerCreateSchema>;

/** Fields of either kind; one that does not belong to the trigger's kind is refused by name. */
export const TriggerUpdateSchema = z
  .object({
    id: z.string().min(1).max(100),
    enabled: z.boolean().optional(),
    variables: TriggerVariablesSchema.optional(),
    cron: CronSchema.optional(),
    timezone: TimezoneSchema.optional(),
    misfire: MisfirePolicySchema.optional(),
    overlap: OverlapPolicySchema.optional(),
    auth: WebhookAuthSchema.optional(),
    /** A webhook gets a new secret (answered once); the old one stops working at once. */
    rotateSecret: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.timezone !== undefined && v.cron === undefined) {
      // A zone alone is checked against any cron: the stored one is checked again when applied.
      const problem = scheduleProblem("* * * * *", v.timezone);
      if (problem) ctx.addIssue({ code: "custom", path: ["timezone"], message: problem.message });
      return;
    }
    refineSchedule(v, ctx);
  });
export type TriggerUpdate = z.infer<typeof TriggerUpdateSchema>;

export const MAX_PREVIEW_FIRES = 20;

export const TriggerPreviewSchema = z
  .object({
    cron: CronSchema,
    timezone: TimezoneSchema.default(DEFAULT_TIMEZONE),
    count: z.number().int().min(1).max(MAX_PREVIEW_FIRES).default(5),
  })
  .superRefine(refineSchedule);

export const TriggerHistorySchema = z.object({
  id: z.string().min(1).max(100),
  limit: z.number().int().min(1).max(500).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, "not a cursor from trigger.history (expected the nextCursor it returned)")
    .optional(),
});

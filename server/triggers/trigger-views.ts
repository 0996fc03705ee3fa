/** The API's view of triggers and fires (docs/api.md, "Triggers"): times as ISO strings, never a secret. */
import { nextFireTimes } from "@/lib/triggers/cron-schedule";
import { describeCron } from "@/lib/triggers/describe-cron";
import type { TriggerFire, TriggerListed } from "./trigger-store";

/** Where a webhook is called, relative to the server (the router makes it absolute). */
export function hookPath(triggerId: string): string {
  return `/api/hooks/${encodeURIComponent(triggerId)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function fireView(f: TriggerFire) {
  return {
    id: f.id,
    at: iso(f.at),
    ...(f.scheduledFor !== null ? { scheduledFor: iso(f.scheduledFor) } : {}),
    outcome: f.outcome,
    // A pending fire's run id is the one its run is to have: not a run yet.
    ...(f.runId && !f.pending ? { runId: f.runId } : {}),
    ...(f.reason ? { reason: f.reason } : {}),
    ...(f.pending ? { pending: true } : {}),
  };
}

/** One `trigger.list` item; an enabled schedule carries its next `fireCount` fire times after `now`. */
export function triggerView(t: TriggerListed, now: number, last: TriggerFire | undefined, fireCount = 5) {
  const schedule = t.kind === "schedule" && t.cron ? { cron: t.cron, timezone: t.timezone ?? "UTC" } : undefined;
  return {
    id: t.id,
    templateId: t.templatePk,
    /** The template's own `template_id`, and its name. */
    templateRef: t.templateId,
    templateName: t.templateName,
    kind: t.kind,
    enabled: t.enabled,
    ...(schedule
      ? {
          cron: schedule.cron,
          timezone: schedule.timezone,
          /** The schedule as a sentence (`trigger.preview`'s description). */
          description: describeCron(schedule.cron, schedule.timezone),
          misfire: t.misfire ?? undefined,
          overlap: t.overlap ?? undefined,
        }
      : {}),
    ...(t.kind === "webhook" ? { url: hookPath(t.id), auth: t.auth ?? "hmac" } : {}),
    variables: t.variables,
    ...(schedule && t.enabled ? { nextFires: nextFireTimes(schedule, now, fireCount).map(iso) } : {}),
    ...(last ? { lastFire: fireView(last) } : {}),
    /** A fire waiting for the previous run to end (its scheduled time). */
    ...(t.queuedFor !== null ? { waitingSince: iso(t.queuedFor) } : {}),
    createdBy: t.createdBy.email,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

/**
 * Writes one fire to the trigger's history and tells the live channel. Every so many fires of a
 * trigger, its history is cut back to the newest `historyMax` rows (the retention bound).
 */
import type { TriggerContext } from "./trigger-context";
import type { NewFire, TriggerListed } from "./trigger-store";

/** Pruning walks the index `historyMax` rows deep: once per this many fires of a trigger is enough. */
const PRUNE_EVERY = 64;
const sincePrune = new WeakMap<TriggerContext, Map<string, number>>();

/** What became of a fire, as the live channel tells it. */
export type WrittenFire = Pick<NewFire, "at" | "outcome" | "reason" | "runId">;

/** A fire written some other way (a claim, a delivery): told to the live channel, counted towards the next pruning. */
export async function afterFireWritten(ctx: TriggerContext, t: TriggerListed, f: WrittenFire): Promise<void> {
  ctx.notices.publish({
    triggerId: t.id,
    kind: t.kind,
    templateId: t.templatePk,
    templateName: t.templateName,
    outcome: f.outcome,
    ...(f.reason ? { reason: f.reason } : {}),
    ...(f.runId && f.outcome === "started" ? { runId: f.runId } : {}),
    at: new Date(f.at).toISOString(),
  });
  let counts = sincePrune.get(ctx);
  if (!counts) sincePrune.set(ctx, (counts = new Map()));
  const n = (counts.get(t.id) ?? 0) + 1;
  counts.set(t.id, n % PRUNE_EVERY);
  if (n >= PRUNE_EVERY) await ctx.store.prune(t.id, ctx.historyMax);
}

export async function recordFire(ctx: TriggerContext, t: TriggerListed, f: Omit<NewFire, "triggerId">): Promise<void> {
  await ctx.store.recordFire({ ...f, triggerId: t.id });
  await afterFireWritten(ctx, t, f);
}

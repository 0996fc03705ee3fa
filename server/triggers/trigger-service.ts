/**
 * The triggers of one server process (docs/triggers.md): what the `trigger` router asks (create,
 * update, delete, list, history, preview, a signed test event), the scheduler and the webhook
 * endpoint. Built once by the composition root; every change reloads the trigger in the scheduler.
 */
import { checkTriggerVariables, type FieldProblem } from "@/lib/triggers/check-trigger-variables";
import { nextFireTime, nextFireTimes, scheduleProblem } from "@/lib/triggers/cron-schedule";
import { describeCron } from "@/lib/triggers/describe-cron";
import type { TriggerCreate, TriggerUpdate } from "@/lib/triggers/trigger-inputs";
import type { TriggerKind, TriggerVariables } from "@/lib/triggers/trigger-schema";
import { newId } from "@/server/db/new-id";
import { WebhookHandler } from "./handle-webhook";
import type { TriggerContext } from "./trigger-context";
import { TriggerInputError, TriggerNotFoundError } from "./trigger-errors";
import { TriggerScheduler } from "./trigger-scheduler";
import type { TriggerCreator, TriggerListed, TriggerPatch } from "./trigger-store";
import { fireView, hookPath, triggerView } from "./trigger-views";
import { bodySignature, newWebhookSecret, openWebhookSecret, sealWebhookSecret } from "./webhook-secret";

const SCHEDULE_FIELDS = ["cron", "timezone", "misfire", "overlap"] as const;
const WEBHOOK_FIELDS = ["auth", "rotateSecret"] as const;

export class TriggerService {
  readonly scheduler: TriggerScheduler;
  private readonly webhooks: WebhookHandler;

  constructor(readonly ctx: TriggerContext) {
    this.scheduler = new TriggerScheduler(ctx);
    this.webhooks = new WebhookHandler(ctx);
  }

  /** `POST /api/hooks/<triggerId>`. */
  handleWebhook(req: Request, triggerId: string): Promise<Response> {
    return this.webhooks.handle(req, triggerId);
  }

  async create(input: TriggerCreate, creator: TriggerCreator): Promise<{ id: string; url?: string; secret?: string }> {
    const template = await this.ctx.library.get(input.templateId);
    this.check(input.kind, input.variables, template.template.context_schema);
    const id = newId("trg");
    const now = this.ctx.clock.now();
    const base = {
      id,
      templatePk: template.id,
      enabled: input.enabled,
      variables: input.variables,
      createdBy: creator,
      now,
    };
    if (input.kind === "schedule") {
      const schedule = { cron: input.cron, timezone: input.timezone };
      await this.ctx.store.insert({
        ...base,
        kind: "schedule",
        ...schedule,
        misfire: input.misfire,
        overlap: input.overlap,
        nextFireAt: input.enabled ? (nextFireTime(schedule, now) ?? null) : null,
      });
      await this.reloaded(id);
      return { id };
    }
    const secret = newWebhookSecret();
    await this.ctx.store.insert({
      ...base,
      kind: "webhook",
      auth: input.auth,
      secretSealed: sealWebhookSecret(this.ctx.secretKey(), id, secret),
      nextFireAt: null,
    });
    return { id, url: hookPath(id), secret };
  }

  async update(input: TriggerUpdate): Promise<{ ok: true; secret?: string }> {
    const t = await this.get(input.id);
    const foreign = (t.kind === "schedule" ? WEBHOOK_FIELDS : SCHEDULE_FIELDS).filter((f) => input[f] !== undefined);
    if (foreign.length)
      throw new TriggerInputError(foreign.map((field) => ({ field, message: `a ${t.kind} trigger has no ${field}` })));
    if (input.variables)
      this.check(t.kind, input.variables, (await this.ctx.library.get(t.templatePk)).template.context_schema);
    const now = this.ctx.clock.now();
    const patch: TriggerPatch = {};
    for (const f of ["enabled", "variables", "misfire", "overlap", "auth"] as const)
      if (input[f] !== undefined) Object.assign(patch, { [f]: input[f] });
    const enabled = input.enabled ?? t.enabled;
    if (t.kind === "schedule") {
      const schedule = { cron: input.cron ?? t.cron ?? "", timezone: input.timezone ?? t.timezone ?? "UTC" };
      const problem = scheduleProblem(schedule.cron, schedule.timezone);
      if (problem) throw new TriggerInputError([problem]);
      Object.assign(patch, schedule);
      // Fires while it was disabled are not misfires: an enabled schedule starts from now.
      const moved = input.cron !== undefined || input.timezone !== undefined || (enabled && !t.enabled);
      if (!enabled) Object.assign(patch, { nextFireAt: null, queuedFor: null });
      else if (moved || t.nextFireAt === null) patch.nextFireAt = nextFireTime(schedule, now) ?? null;
    }
    let secret: string | undefined;
    if (input.rotateSecret) {
      secret = newWebhookSecret();
      patch.secretSealed = sealWebhookSecret(this.ctx.secretKey(), t.id, secret);
    }
    if (!(await this.ctx.store.update(t.id, patch, now))) throw new TriggerNotFoundError(t.id);
    await this.reloaded(t.id);
    return { ok: true, ...(secret ? { secret } : {}) };
  }

  async delete(id: string): Promise<{ ok: true }> {
    if (!(await this.ctx.store.delete(id))) throw new TriggerNotFoundError(id);
    await this.reloaded(id);
    return { ok: true };
  }

  /** Re-read here (where the scheduler runs) and on the other servers (the one that leads the runs fires it). */
  private async reloaded(id: string): Promise<void> {
    await this.scheduler.reload(id);
    this.ctx.announceChange?.(id);
  }

  async list(q: { templatePk?: string }) {
    const rows = await this.ctx.store.list(q);
    const last = await this.ctx.store.lastFires(rows.map((t) => t.id));
    const now = this.ctx.clock.now();
    return { items: rows.map((t) => triggerView(t, now, last.get(t.id))) };
  }

  async history(id: string, limit: number, cursor?: string) {
    await this.get(id);
    const rows = await this.ctx.store.history(id, limit + 1, cursor ? Number(cursor) : undefined);
    const page = rows.slice(0, limit);
    return {
      items: page.map(fireView),
      ...(rows.length > limit ? { nextCursor: String(page.at(-1)!.id) } : {}),
    };
  }

  preview(cron: string, timezone: string, count: number) {
    const fires = nextFireTimes({ cron, timezone }, this.ctx.clock.now(), count);
    return { description: describeCron(cron, timezone), fires: fires.map((t) => new Date(t).toISOString()) };
  }

  /**
   * "Send test event": a sample body signed with the webhook's secret (or its bearer), sent through
   * the same handler as any call — the answer is what an outside caller would get.
   */
  async sendTest(id: string, body?: string): Promise<{ status: number; answer: unknown; body: string }> {
    const t = await this.get(id);
    if (t.kind !== "webhook" || !t.secretSealed)
      throw new TriggerInputError([{ field: "id", message: `trigger ${id} is a ${t.kind}, not a webhook` }]);
    const text =
      body ?? JSON.stringify({ test: true, trigger: id, sentAt: new Date(this.ctx.clock.now()).toISOString() });
    const secret = openWebhookSecret(this.ctx.secretKey(), t.id, t.secretSealed);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (t.auth === "token") headers.authorization = `Bearer ${secret}`;
    else headers["x-wf-signature"] = `sha256=${bodySignature(secret, text).toString("hex")}`;
    const res = await this.handleWebhook(
      new Request(`http://wf.local${hookPath(id)}`, { method: "POST", headers, body: text }),
      id,
    );
    return { status: res.status, answer: await res.json(), body: text };
  }

  private async get(id: string): Promise<TriggerListed> {
    const t = await this.ctx.store.get(id);
    if (!t) throw new TriggerNotFoundError(id);
    return t;
  }

  private check(kind: TriggerKind, variables: TriggerVariables, declared: Parameters<typeof checkTriggerVariables>[2]) {
    const problems: FieldProblem[] = checkTriggerVariables(kind, variables, declared);
    if (problems.length) throw new TriggerInputError(problems);
  }
}

/**
 * Starts schedules' runs on time (docs/triggers.md). Fire times live in the database
 * (`triggers.next_fire_at`); this process arms one engine-clock timer per enabled schedule (the
 * real clock arms long gaps in steps, never early). When a timer is due:
 * 1. read the trigger again (it may have changed or gone) and list the fire times due since
 *    `next_fire_at` (at most MAX_CATCH_UP, the latest);
 * 2. claim them by moving `next_fire_at` on to the next time after now, guarded by its old value —
 *    a server that loses the claim only re-arms. The misfire policy decides which due times start and
 *    which are `missed`; every one is written in the claim's transaction, those to start as pending
 *    with the id their run will have;
 * 3. each that starts meets the overlap policy against the trigger's previous run: start, `skipped`,
 *    or wait (`queue`, `cancel_previous`) until that run's `run.finished` arrives on the bus; then its
 *    pending row gets its outcome.
 * A pending fire is leased: this server renews its claim time every FIRE_HEARTBEAT_MS until it is
 * decided. One not renewed for FIRE_LEASE_MS was left by a server that stopped: the next sweep anywhere
 * (every FIRE_HEARTBEAT_MS, and at start) takes it over (recorded `started` when its run exists, else
 * started now, with the run id the claim chose), so a crash between claim and run loses no fire and
 * doubles none.
 * Work on one trigger is serialised; different triggers proceed together. A resync every RESYNC_MS
 * picks up what other servers on the same database changed.
 */
import { fireTimesBetween, nextFireTime, type Schedule } from "@/lib/triggers/cron-schedule";
import { decideOverlap, isActiveRunStatus } from "@/lib/triggers/decide-overlap";
import { planDueFires } from "@/lib/triggers/plan-due-fires";
import { DEFAULT_MISFIRE, DEFAULT_OVERLAP } from "@/lib/triggers/trigger-schema";
import type { StoredEvent } from "@/server/engine/run-store";
import { newId } from "@/server/db/new-id";
import { afterFireWritten } from "./record-fire";
import { startTriggerRun, type TriggerRunResult } from "./start-trigger-run";
import type { TriggerContext } from "./trigger-context";
import {
  FIRE_HEARTBEAT_MS,
  FIRE_LEASE_MS,
  type ClaimedFire,
  type FireSettlement,
  type Trigger,
  type TriggerListed,
} from "./trigger-store";

/** Due fire times looked at in one claim; older ones are recorded as one `missed` entry. */
const MAX_CATCH_UP = 100;
/** How often a scheduler reads what other servers changed. */
const RESYNC_MS = 30_000;
/** What a pending fire's row says until it is decided (what stays if its server stopped). */
const PENDING_REASON = "claimed; its run has not started yet";
const RESUMED_WHY = "the server that claimed this fire stopped before recording it";

function scheduleOf(t: Trigger): Schedule | undefined {
  return t.kind === "schedule" && t.cron ? { cron: t.cron, timezone: t.timezone ?? "UTC" } : undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class TriggerScheduler {
  private readonly timers = new Map<string, { at: number; cancel: () => void }>();
  private readonly chains = new Map<string, Promise<void>>();
  /** Runs a waiting fire waits for → its trigger. */
  private readonly waitingOn = new Map<string, string>();
  /** Pending fires this server is deciding (their leases are renewed), by `<triggerId> <scheduledFor>`. */
  private readonly deciding = new Map<string, { triggerId: string; scheduledFor: number }>();
  private unsubscribe?: () => void;
  private cancelResync?: () => void;
  private cancelLease?: () => void;
  private running = false;

  constructor(private readonly ctx: TriggerContext) {}

  /** Arms every enabled schedule; fires missed while no server ran are handled now (misfire policy). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.ctx.bus.subscribeAll((e) => this.onRunEvent(e));
    await this.leaseTick();
    await this.resync();
  }

  /** Disarms everything; work under way finishes (see `idle`). */
  stop(): void {
    this.running = false;
    this.unsubscribe?.();
    this.cancelResync?.();
    this.cancelLease?.();
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.waitingOn.clear();
    this.deciding.clear();
  }

  /** Re-reads one trigger (it was created, changed or deleted here). */
  reload(id: string): Promise<void> {
    return this.serialise(id, async () => {
      const t = await this.ctx.store.get(id);
      if (t) this.arm(t);
      else this.disarm(id);
    });
  }

  /** Resolves when no trigger has work under way (tests wait for this after advancing a fake clock). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  /** Reads every enabled schedule again: arms new ones, re-arms moved ones, drops the rest. */
  async resync(): Promise<void> {
    if (!this.running) return;
    this.cancelResync?.();
    this.cancelResync = this.ctx.clock.setTimer(this.ctx.clock.now() + RESYNC_MS, () => void this.resync());
    const schedules = await this.ctx.store.enabledSchedules();
    const ids = new Set(schedules.map((t) => t.id));
    for (const id of this.timers.keys()) if (!ids.has(id)) this.disarm(id);
    for (const t of schedules) {
      if (this.timers.get(t.id)?.at !== t.nextFireAt) void this.serialise(t.id, () => this.armFresh(t.id));
      // A fire waiting for a run on another server: that server's run.finished never reaches this bus.
      if (t.queuedFor !== null && t.lastRunId) void this.waitFor(t.id, t.lastRunId);
    }
  }

  // ——— internals ———

  /** Every FIRE_HEARTBEAT_MS: renew the leases of the fires being decided here, take over expired ones. */
  private async leaseTick(): Promise<void> {
    if (!this.running) return;
    const now = this.ctx.clock.now();
    this.cancelLease = this.ctx.clock.setTimer(now + FIRE_HEARTBEAT_MS, () => void this.leaseTick());
    try {
      if (this.deciding.size) await this.ctx.store.renewPendingFires([...this.deciding.values()], now);
      await this.resumeStale(now);
    } catch (err) {
      // Stopped meanwhile: the database may be closing under it, and the next leader takes the leases over.
      if (this.running) console.error("wf: trigger leases:", err);
    }
  }

  private decidingKey(triggerId: string, scheduledFor: number): string {
    return `${triggerId} ${scheduledFor}`;
  }

  private serialise(id: string, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work).catch((err: unknown) => {
      console.error(`wf: trigger ${id}:`, err);
    });
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  private async armFresh(id: string): Promise<void> {
    const t = await this.ctx.store.get(id);
    if (t) this.arm(t);
  }

  private disarm(id: string): void {
    this.timers.get(id)?.cancel();
    this.timers.delete(id);
  }

  /** Arms `t`'s next fire; one already due is handled at once (inside the trigger's serialised work). */
  private arm(t: Trigger): void {
    this.disarm(t.id);
    if (!this.running || !t.enabled || !scheduleOf(t) || t.nextFireAt === null) return;
    const at = t.nextFireAt;
    const fire = () => void this.serialise(t.id, () => this.due(t.id));
    if (at > this.ctx.clock.now()) return void this.timers.set(t.id, { at, cancel: this.ctx.clock.setTimer(at, fire) });
    this.timers.set(t.id, { at, cancel: () => {} });
    fire();
  }

  /** Steps 1–3 of the header for one trigger whose fire time has come. */
  private async due(id: string): Promise<void> {
    const t = await this.ctx.store.get(id);
    const schedule = t && scheduleOf(t);
    if (!t || !schedule || !t.enabled || t.nextFireAt === null) return this.disarm(id);
    const now = this.ctx.clock.now();
    if (t.nextFireAt > now) return this.arm(t);
    const expected = t.nextFireAt;
    const { times, more } = fireTimesBetween(schedule, expected, now, MAX_CATCH_UP);
    const next = nextFireTime(schedule, now) ?? null;
    const fires: ClaimedFire[] = [];
    if (more)
      fires.push({
        at: now,
        scheduledFor: null,
        outcome: "missed",
        reason: `more than ${MAX_CATCH_UP} fires from ${iso(expected)} to ${iso(times[0]!)} were missed while no server ran (not listed one by one)`,
      });
    const starts: { scheduledFor: number; runId: string; note?: string }[] = [];
    for (const p of planDueFires(times, now, t.misfire ?? DEFAULT_MISFIRE)) {
      if (p.action === "missed") {
        fires.push({ at: now, scheduledFor: p.scheduledFor, outcome: "missed", reason: p.reason });
        continue;
      }
      const runId = newId("run");
      starts.push({ scheduledFor: p.scheduledFor, runId, note: p.reason });
      fires.push({
        at: now,
        scheduledFor: p.scheduledFor,
        outcome: "missed",
        reason: PENDING_REASON,
        runId,
        pending: true,
      });
    }
    if (!(await this.ctx.store.claimFire(id, expected, next, fires))) {
      // Another server claimed these fires: follow the row.
      const fresh = await this.ctx.store.get(id);
      return fresh ? this.arm(fresh) : this.disarm(id);
    }
    for (const s of starts)
      this.deciding.set(this.decidingKey(id, s.scheduledFor), { triggerId: id, scheduledFor: s.scheduledFor });
    this.arm({ ...t, nextFireAt: next });
    for (const f of fires) if (!f.pending) await afterFireWritten(this.ctx, t, f);
    for (const s of starts) await this.fire(id, s.scheduledFor, s.runId, s.note);
  }

  /** One claimed fire that is to start (its run will be `runId`): the overlap policy against the previous run. */
  private async fire(id: string, scheduledFor: number, runId: string, note?: string): Promise<void> {
    const t = await this.ctx.store.get(id);
    if (!t) return void this.deciding.delete(this.decidingKey(id, scheduledFor));
    const at = this.ctx.clock.now();
    if (!t.enabled) return this.settle(t, scheduledFor, { at, outcome: "skipped", reason: "the trigger was disabled" });
    const status = t.lastRunId ? await this.ctx.store.runStatus(t.lastRunId) : undefined;
    const previous = t.lastRunId && status ? { runId: t.lastRunId, status } : undefined;
    const decision = decideOverlap(t.overlap ?? DEFAULT_OVERLAP, previous, t.queuedFor !== null);
    switch (decision.action) {
      case "skip":
        return this.settle(t, scheduledFor, { at, outcome: "skipped", reason: decision.reason });
      case "start":
        return this.startAndSettle(t, scheduledFor, runId, note);
      case "queue":
      case "cancel-previous":
        if (!(await this.ctx.store.queueFire(id, scheduledFor)))
          return this.settle(t, scheduledFor, {
            at,
            outcome: "skipped",
            reason: "another fire already waits for the previous run to end",
          });
        // A waiting fire is no longer undecided in the lease's sense (the sweep leaves it alone).
        this.deciding.delete(this.decidingKey(id, scheduledFor));
        if (decision.action === "cancel-previous") this.cancelRun(decision.runId);
        return this.waitFor(id, previous!.runId);
    }
  }

  private cancelRun(runId: string): void {
    // Already gone: the waiting fire starts when the check below sees it finished.
    this.ctx.engine.cancel(runId).catch((err: unknown) => console.error(`wf: could not cancel ${runId}:`, err));
  }

  /** The waiting fire of `id` starts once `runId` has ended (now, if it already has). */
  private async waitFor(id: string, runId: string): Promise<void> {
    this.waitingOn.set(runId, id);
    const status = await this.ctx.store.runStatus(runId);
    if (status === undefined || !isActiveRunStatus(status)) {
      this.waitingOn.delete(runId);
      await this.startWaiting(id);
    }
  }

  private onRunEvent(e: StoredEvent): void {
    if (e.event.type !== "run.finished") return;
    const id = this.waitingOn.get(e.runId);
    if (!id) return;
    this.waitingOn.delete(e.runId);
    void this.serialise(id, () => this.startWaiting(id));
  }

  private async startWaiting(id: string): Promise<void> {
    const t = await this.ctx.store.get(id);
    if (!t || t.queuedFor === null || !t.enabled) return;
    const scheduledFor = t.queuedFor;
    // Exactly one server takes the waiting fire.
    if (!(await this.ctx.store.takeQueued(id, scheduledFor))) return;
    this.deciding.set(this.decidingKey(id, scheduledFor), { triggerId: id, scheduledFor });
    const runId = (await this.ctx.store.pendingFire(id, scheduledFor))?.runId ?? newId("run");
    await this.startAndSettle(t, scheduledFor, runId, "waited for the previous run to end");
  }

  /**
   * Fires another server claimed and never decided (it stopped in between): taken over one by one. A
   * fire whose run exists already is recorded `started`; the others meet the overlap policy now.
   */
  private async resumeStale(now: number): Promise<void> {
    for (const f of await this.ctx.store.stalePendingFires(now - FIRE_LEASE_MS)) {
      if (f.scheduledFor === null || !(await this.ctx.store.takePendingFire(f.id, f.at, now))) continue;
      const scheduledFor = f.scheduledFor;
      this.deciding.set(this.decidingKey(f.triggerId, scheduledFor), { triggerId: f.triggerId, scheduledFor });
      void this.serialise(f.triggerId, async () => {
        const t = await this.ctx.store.get(f.triggerId);
        if (!t) return void this.deciding.delete(this.decidingKey(f.triggerId, scheduledFor));
        const runId = f.runId ?? newId("run");
        if ((await this.ctx.store.runStatus(runId)) === undefined)
          return this.fire(t.id, scheduledFor, runId, `resumed: ${RESUMED_WHY}`);
        await this.ctx.store.setLastRun(t.id, runId);
        const at = this.ctx.clock.now();
        await this.settle(t, scheduledFor, { at, outcome: "started", runId, reason: `recorded late: ${RESUMED_WHY}` });
      });
    }
  }

  private async startAndSettle(t: TriggerListed, scheduledFor: number, runId: string, note?: string): Promise<void> {
    let result: TriggerRunResult;
    try {
      result = await startTriggerRun(this.ctx, t, t.variables, runId);
    } catch (err) {
      result = {
        ok: false,
        why: "input",
        reason: `could not start: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    const at = this.ctx.clock.now();
    await this.settle(
      t,
      scheduledFor,
      result.ok
        ? { at, outcome: "started", runId: result.runId, reason: note }
        : { at, outcome: "refused", reason: result.reason },
    );
  }

  /** Writes what became of a pending fire, and tells the live channels. */
  private async settle(t: TriggerListed, scheduledFor: number, f: FireSettlement): Promise<void> {
    this.deciding.delete(this.decidingKey(t.id, scheduledFor));
    if (await this.ctx.store.settleFire(t.id, scheduledFor, f)) await afterFireWritten(this.ctx, t, f);
  }
}

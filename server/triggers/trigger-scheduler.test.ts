/**
 * The scheduler on the engine's fake clock (no sleeps): fires start runs and are recorded, misfires after
 * downtime, overlap policies against a run that waits for a person, two schedulers on one database file,
 * and a crash between a fire's claim and its run (a second scheduler over the same file takes it over).
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeClock } from "@/server/test-support/fake-clock";
import { callerAs } from "@/server/test-support/test-callers";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";
import { until } from "@/server/test-support/until";
import { TriggerCreateSchema } from "@/lib/triggers/trigger-inputs";
import type { OverlapPolicy } from "@/lib/triggers/trigger-schema";
import { SqlTriggerStore } from "./sql-trigger-store";
import { TriggerScheduler } from "./trigger-scheduler";
import {
  FIRE_HEARTBEAT_MS,
  FIRE_LEASE_MS,
  type ClaimedFire,
  type FireSettlement,
  type TriggerStore,
} from "./trigger-store";

const MINUTE = 60_000;
/** The fake clock's start, 00:16:40 UTC: the next whole minute is 40 s away. */
const START = 1_000_000;
const TO_NEXT_MINUTE = MINUTE - (START % MINUTE);

const quick = {
  template_id: "quick",
  name: "Quick",
  nodes: [{ id: "A", name: "Say", type: "shell", args_template: "echo hi" }],
  edges: [],
};
/** Its run waits for a person until the test cancels it: "the previous run is still active". */
const waits = {
  template_id: "waits",
  name: "Waits",
  nodes: [{ id: "H", name: "Review", type: "human", prompt: "ok?" }],
  edges: [],
};

type ServerDeps = TestDeps["deps"];

let open: TestDeps[] = [];
afterEach(() => {
  for (const t of open) t.cleanup();
  open = [];
});

function setup() {
  const clock = new FakeClock(START);
  const t = createTestDeps({ clock });
  open.push(t);
  return { clock, t };
}

async function schedule(deps: ServerDeps, template: Record<string, unknown>, o: Record<string, unknown> = {}) {
  const { id: templateId } = await callerAs(deps).template.save({ template });
  const input = TriggerCreateSchema.parse({ templateId, kind: "schedule", cron: "* * * * *", ...o });
  // Created with the server's API token: it acts while WF_API_TOKEN is set.
  const { id } = await deps.triggers.create(input, { userId: null, email: "api-token" });
  return id;
}

async function history(deps: ServerDeps, id: string) {
  return (await deps.triggers.history(id, 500)).items.reverse();
}

function runsOf(deps: ServerDeps, triggerId: string): { id: string; status: string }[] {
  return deps.db.$client
    .prepare("select id, status from runs where trigger_id = ? order by created_at, id")
    .all(triggerId) as { id: string; status: string }[];
}

async function tick(clock: FakeClock, ms: number, ...schedulers: TriggerScheduler[]) {
  clock.advance(ms);
  for (const s of schedulers) await s.idle();
}

describe("trigger scheduler", () => {
  it("starts a run at each fire time of the engine clock and records it", async () => {
    const { clock, t } = setup();
    const id = await schedule(t.deps, quick);
    const s = t.deps.triggers.scheduler;
    await s.start();
    await tick(clock, TO_NEXT_MINUTE - 1, s);
    expect(await history(t.deps, id)).toEqual([]);
    await tick(clock, 1, s);
    // Overlap skip (the default): the second fire comes after the first run has ended.
    await t.deps.engine.settled(runsOf(t.deps, id)[0]!.id);
    await tick(clock, MINUTE, s);
    const fires = await history(t.deps, id);
    expect(fires.map((f) => [f.outcome, f.scheduledFor])).toEqual([
      ["started", new Date(START + TO_NEXT_MINUTE).toISOString()],
      ["started", new Date(START + TO_NEXT_MINUTE + MINUTE).toISOString()],
    ]);
    expect(fires.map((f) => f.runId)).toEqual(runsOf(t.deps, id).map((r) => r.id));
    const run = await callerAs(t.deps).run.get({ runId: fires[0]!.runId! });
    expect(run.run).toMatchObject({ trigger: { id, kind: "schedule" } });
    // Disabled: nothing more fires.
    await t.deps.triggers.update({ id, enabled: false });
    await tick(clock, 5 * MINUTE, s);
    expect(await history(t.deps, id)).toHaveLength(2);
  });

  it.each([
    ["skip", 5, 0],
    ["run_once", 4, 1],
    ["run_all", 2, 10],
  ] as const)("misfire %s after downtime: %i missed, %i started", async (misfire, missed, started) => {
    const { clock, t } = setup();
    const id = await schedule(t.deps, quick, { misfire, overlap: "allow" });
    // The server stops before its first fire; 5 (or 12) fire times pass, the last 30 s ago.
    const down = misfire === "run_all" ? 12 : 5;
    clock.advance(TO_NEXT_MINUTE + (down - 1) * MINUTE + 30_000);
    const deps = t.restart();
    await deps.triggers.scheduler.start();
    await deps.triggers.scheduler.idle();
    const fires = await history(deps, id);
    expect(fires.filter((f) => f.outcome === "missed")).toHaveLength(missed);
    expect(fires.filter((f) => f.outcome === "started")).toHaveLength(started);
    expect(runsOf(deps, id)).toHaveLength(started);
    for (const f of fires) expect(f.reason, JSON.stringify(f)).toMatch(/missed|passed over|run_all|caught up/);
    // Each fire time once, in order.
    const times = fires.map((f) => f.scheduledFor!);
    expect(new Set(times).size).toBe(down);
  });

  async function overlapCase(overlap: OverlapPolicy) {
    const { clock, t } = setup();
    const id = await schedule(t.deps, waits, { overlap });
    const s = t.deps.triggers.scheduler;
    await s.start();
    await tick(clock, TO_NEXT_MINUTE, s);
    const [first] = runsOf(t.deps, id);
    await until(
      async () => runsOf(t.deps, id)[0]!.status,
      (st) => st === "waiting",
    );
    await tick(clock, MINUTE, s);
    return { clock, t, s, id, first: first!.id };
  }

  it("overlap skip: a fire while the previous run waits is recorded skipped", async () => {
    const { t, id, first } = await overlapCase("skip");
    const fires = await history(t.deps, id);
    expect(fires.map((f) => f.outcome)).toEqual(["started", "skipped"]);
    expect(fires[1]!.reason).toContain(first);
    expect(runsOf(t.deps, id)).toHaveLength(1);
  });

  it("overlap allow: it starts beside the previous run", async () => {
    const { t, id } = await overlapCase("allow");
    expect((await history(t.deps, id)).map((f) => f.outcome)).toEqual(["started", "started"]);
    expect(runsOf(t.deps, id)).toHaveLength(2);
  });

  it("overlap queue: one fire waits (later ones skipped) and starts when the previous run ends", async () => {
    const { clock, t, s, id, first } = await overlapCase("queue");
    expect((await t.deps.triggers.list({})).items[0]).toMatchObject({ waitingSince: expect.any(String) });
    await tick(clock, MINUTE, s);
    const state = (h: Awaited<ReturnType<typeof history>>) => h.map((f) => (f.pending ? "pending" : f.outcome));
    expect(state(await history(t.deps, id))).toEqual(["started", "pending", "skipped"]);
    expect(runsOf(t.deps, id)).toHaveLength(1);
    t.deps.engine.cancel(first);
    const fires = await until(
      () => history(t.deps, id),
      (h) => !h.some((f) => f.pending),
    );
    // The waiting fire (the second minute's) started once the first run had ended.
    expect(state(fires)).toEqual(["started", "started", "skipped"]);
    expect(fires[1]).toMatchObject({ reason: "waited for the previous run to end", runId: expect.any(String) });
    expect(runsOf(t.deps, id).map((r) => r.id)).toEqual([first, fires[1]!.runId]);
    expect(runsOf(t.deps, id)[0]!.status).toBe("cancelled");
  });

  it("overlap cancel_previous: the previous run is cancelled, then the fire starts", async () => {
    const { t, id, first } = await overlapCase("cancel_previous");
    const fires = await until(
      () => history(t.deps, id),
      (h) => !h.some((f) => f.pending),
    );
    expect(fires.map((f) => f.outcome)).toEqual(["started", "started"]);
    expect(runsOf(t.deps, id).find((r) => r.id === first)!.status).toBe("cancelled");
  });

  it("two schedulers on one database file start exactly one run per fire", async () => {
    const { clock, t } = setup();
    const id = await schedule(t.deps, quick, { overlap: "allow" });
    const b = t.another();
    const sa = t.deps.triggers.scheduler;
    const sb = b.triggers.scheduler;
    await Promise.all([sa.start(), sb.start()]);
    await tick(clock, TO_NEXT_MINUTE, sa, sb);
    for (let i = 0; i < 4; i++) await tick(clock, MINUTE, sa, sb);
    const fires = await history(t.deps, id);
    expect(fires.map((f) => f.outcome)).toEqual(Array(5).fill("started"));
    expect(runsOf(t.deps, id)).toHaveLength(5);
    expect(new Set(fires.map((f) => f.scheduledFor)).size).toBe(5);
  });
});

/** The real store, but the process "dies" (throws, nothing more happens) at one step. */
class DyingStore extends SqlTriggerStore {
  constructor(
    sql: ServerDeps["sql"],
    private readonly dieAt: "after-claim" | "before-settle",
  ) {
    super(sql);
  }
  override async claimFire(
    id: string,
    expected: number,
    next: number | null,
    fires: readonly ClaimedFire[],
  ): Promise<boolean> {
    const won = await super.claimFire(id, expected, next, fires);
    if (this.dieAt === "after-claim") throw new Error("the process died after the claim");
    return won;
  }
  override async settleFire(triggerId: string, scheduledFor: number, f: FireSettlement): Promise<boolean> {
    if (this.dieAt === "before-settle") throw new Error("the process died before recording the fire");
    return super.settleFire(triggerId, scheduledFor, f);
  }
}

describe("a crash between a fire's claim and its record", () => {
  it.each(["after-claim", "before-settle"] as const)(
    "dies %s: a second scheduler over the same file records one started run",
    async (dieAt) => {
      const { clock, t } = setup();
      const id = await schedule(t.deps, quick, { cron: "0 * * * *" });
      const dying = new TriggerScheduler({ ...t.deps.triggers.ctx, store: new DyingStore(t.deps.sql, dieAt) });
      await dying.start();
      const toHour = 60 * MINUTE - (START % (60 * MINUTE));
      await tick(clock, toHour, dying);
      dying.stop();
      // The fire is in the database, claimed and pending; its run exists only when the process got that far.
      const [row] = await t.deps.triggers.ctx.store.history(id, 10);
      expect(row).toMatchObject({ pending: true, scheduledFor: START + toHour });
      expect(runsOf(t.deps, id)).toHaveLength(dieAt === "after-claim" ? 0 : 1);
      if (dieAt === "before-settle") await t.deps.engine.settled(row!.runId!);

      // Another server on the same file, once the claim's lease ran out.
      const b = t.another();
      clock.advance(FIRE_LEASE_MS + 1);
      await b.triggers.scheduler.start();
      await b.triggers.scheduler.idle();
      const fires = await history(b, id);
      expect(fires).toHaveLength(1);
      expect(fires[0]).toMatchObject({ outcome: "started", runId: row!.runId, scheduledFor: expect.any(String) });
      expect(fires[0]!.reason).toMatch(/stopped before recording it/);
      expect(runsOf(b, id).map((r) => r.id)).toEqual([row!.runId]);
      // A third server finds nothing left to take over.
      const c = t.another();
      clock.advance(FIRE_LEASE_MS + 1);
      await c.triggers.scheduler.start();
      await c.triggers.scheduler.idle();
      expect(runsOf(c, id)).toHaveLength(1);
    },
  );
});

/** The real store, but deciding a fire (`settleFire`) waits until the test lets it go: a slow live server. */
function stallingStore(real: TriggerStore): { store: TriggerStore; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const store = new Proxy(real, {
    get(target, key) {
      if (key === "settleFire")
        return async (...args: Parameters<TriggerStore["settleFire"]>) => {
          await gate;
          return target.settleFire(...args);
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store, release };
}

describe("the lease on a pending fire", () => {
  const toHour = 60 * MINUTE - (START % (60 * MINUTE));

  it("a live server renews it: another server never takes the fire over, however long it takes", async () => {
    const { clock, t } = setup();
    const id = await schedule(t.deps, quick, { cron: "0 * * * *" });
    const slow = stallingStore(t.deps.triggers.ctx.store);
    const a = new TriggerScheduler({ ...t.deps.triggers.ctx, store: slow.store });
    await a.start();
    clock.advance(toHour);
    const [pending] = await until(
      async () => t.deps.triggers.ctx.store.history(id, 10),
      (rows) => rows[0]?.pending === true && runsOf(t.deps, id).length === 1,
    );
    const b = t.another();
    await b.triggers.scheduler.start();
    for (let i = 0; i < (3 * FIRE_LEASE_MS) / FIRE_HEARTBEAT_MS; i++)
      await tick(clock, FIRE_HEARTBEAT_MS, b.triggers.scheduler);
    expect((await t.deps.triggers.ctx.store.history(id, 10))[0]).toMatchObject({ id: pending!.id, pending: true });
    slow.release();
    await a.idle();
    const fires = await history(t.deps, id);
    expect(fires.map((f) => [f.outcome, f.runId])).toEqual([["started", pending!.runId]]);
    expect(runsOf(t.deps, id).map((r) => r.id)).toEqual([pending!.runId]);
    a.stop();
  });

  it("a stopped server's fire is taken over by a running one within the lease and one heartbeat", async () => {
    const { clock, t } = setup();
    const id = await schedule(t.deps, quick, { cron: "0 * * * *" });
    const dying = new TriggerScheduler({ ...t.deps.triggers.ctx, store: new DyingStore(t.deps.sql, "after-claim") });
    await dying.start();
    await tick(clock, toHour, dying);
    dying.stop();
    const b = t.another();
    await b.triggers.scheduler.start();
    for (let waited = 0; waited < FIRE_LEASE_MS; waited += FIRE_HEARTBEAT_MS)
      await tick(clock, FIRE_HEARTBEAT_MS, b.triggers.scheduler);
    expect(runsOf(b, id)).toHaveLength(0);
    await tick(clock, FIRE_HEARTBEAT_MS, b.triggers.scheduler);
    await until(
      () => history(b, id),
      (h) => h[0]?.outcome === "started",
    );
    expect(runsOf(b, id)).toHaveLength(1);
  });
});

describe("on the real clock", () => {
  it("a schedule every second starts runs that are recorded; disabled, it is disarmed", async () => {
    const t = createTestDeps();
    open.push(t);
    const id = await schedule(t.deps, quick, { cron: "* * * * * *", overlap: "allow" });
    await t.deps.triggers.scheduler.start();
    const fires = await until(
      () => history(t.deps, id),
      (h) => h.filter((f) => f.outcome === "started").length >= 2,
    );
    // Each a different second, each one run of this trigger.
    const started = fires.filter((f) => f.outcome === "started");
    expect(new Set(started.map((f) => f.scheduledFor)).size).toBe(started.length);
    for (const f of started) expect(runsOf(t.deps, id).map((r) => r.id)).toContain(f.runId);
    await t.deps.triggers.update({ id, enabled: false });
    expect((await t.deps.triggers.ctx.store.get(id))!.nextFireAt).toBeNull();
    expect((await t.deps.triggers.list({})).items[0]).not.toHaveProperty("nextFires");
  });
});

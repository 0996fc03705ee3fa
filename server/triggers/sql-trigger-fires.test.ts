/**
 * The trigger store's contract on both databases, fires: a pending fire settled once; its lease renewed,
 * and taken over after FIRE_LEASE_MS (on a fake clock) by exactly one of several servers; fires recorded in
 * one turn stored together (a second row for one scheduled time dropped, a row at fault failing alone);
 * history paged newest first, each trigger's last fire, the history cut back to its maximum.
 */
import { describe, expect, it } from "vitest";
import { FakeClock } from "@/server/test-support/fake-clock";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { SqlTriggerStore } from "./sql-trigger-store";
import { newSchedule, seedTemplate } from "./test-support/trigger-rows";
import { FIRE_HEARTBEAT_MS, FIRE_LEASE_MS, type NewFire } from "./trigger-store";

const MINUTE = 60_000;

describe.each(SQL_DATABASES)("the trigger store on %s: fires", (kind) => {
  const d = useTestSqlDb(kind, (sql) => new SqlTriggerStore(sql));
  const store = () => d.stores;

  /** A schedule whose fire at `scheduledFor` was claimed at `claimedAt` and is pending as run `runId`. */
  async function claimedSchedule(scheduledFor: number, claimedAt = scheduledFor, runId = "run_pending") {
    const t = newSchedule(await seedTemplate(d.sql), scheduledFor);
    await store().insert(t);
    const fire = { at: claimedAt, scheduledFor, outcome: "missed" as const, reason: "claimed", runId, pending: true };
    expect(await store().claimFire(t.id, scheduledFor, scheduledFor + MINUTE, [fire])).toBe(true);
    return t.id;
  }

  it("settleFire decides a pending fire once", async () => {
    const at = 1_800_000_000_000;
    const id = await claimedSchedule(at);
    expect(await store().pendingFire(id, at)).toMatchObject({ pending: true, runId: "run_pending" });
    const settled = { at: at + 5, outcome: "started" as const, runId: "run_pending", reason: "on time" };
    expect(await store().settleFire(id, at, settled)).toBe(true);
    expect(await store().settleFire(id, at, { at: at + 6, outcome: "skipped" })).toBe(false);
    expect(await store().pendingFire(id, at)).toBeUndefined();
    expect(await store().history(id, 10)).toMatchObject([{ ...settled, scheduledFor: at, pending: false }]);
  });

  it("a lease renewed stays; one not renewed for FIRE_LEASE_MS is taken over by exactly one server", async () => {
    const clock = new FakeClock(1_800_000_000_000);
    const scheduledFor = clock.now();
    const id = await claimedSchedule(scheduledFor, clock.now());
    const stale = async () =>
      (await store().stalePendingFires(clock.now() - FIRE_LEASE_MS)).filter((f) => f.triggerId === id);
    clock.advance(FIRE_HEARTBEAT_MS);
    await store().renewPendingFires([{ triggerId: id, scheduledFor }], clock.now());
    clock.advance(FIRE_LEASE_MS - 1);
    expect(await stale()).toEqual([]);
    clock.advance(2);
    const [fire] = await stale();
    expect(fire).toMatchObject({ scheduledFor, runId: "run_pending", at: scheduledFor + FIRE_HEARTBEAT_MS });

    const stores = [store(), new SqlTriggerStore(await d.another()), new SqlTriggerStore(await d.another())];
    const taken = await Promise.all(stores.map((s) => s.takePendingFire(fire!.id, fire!.at, clock.now())));
    expect(taken.filter(Boolean)).toHaveLength(1);
    // Taken over: its claim time is now, so it is not stale any more.
    expect(await stale()).toEqual([]);
    expect(await store().pendingFire(id, scheduledFor)).toMatchObject({ at: clock.now() });
  });

  it("a fire that waits for the previous run is not stale, however old its claim", async () => {
    const at = 1_800_000_000_000;
    const id = await claimedSchedule(at);
    expect(await store().queueFire(id, at)).toBe(true);
    const staleIds = (await store().stalePendingFires(at + 10 * FIRE_LEASE_MS)).map((f) => f.triggerId);
    expect(staleIds).not.toContain(id);
  });

  it("fires recorded in one turn are stored together; a second row for one scheduled time is dropped", async () => {
    const t = newSchedule(await seedTemplate(d.sql), null);
    await store().insert(t);
    const fire = (at: number, o: Partial<NewFire> = {}): NewFire => ({ triggerId: t.id, at, outcome: "skipped", ...o });
    await Promise.all([
      store().recordFire(fire(1, { scheduledFor: 1 })),
      store().recordFire(fire(2, { scheduledFor: 1, reason: "dropped" })),
      store().recordFire(fire(3, { outcome: "refused", reason: "bad signature" })),
      store().recordFire(fire(4, { outcome: "started", runId: "run_4" })),
    ]);
    const rows = await store().history(t.id, 10);
    expect(rows.map((f) => [f.at, f.outcome, f.runId, f.reason])).toEqual([
      [4, "started", "run_4", null],
      [3, "refused", null, "bad signature"],
      [1, "skipped", null, null],
    ]);
    // A row the database refuses (its trigger does not exist) fails alone.
    const results = await Promise.allSettled([
      store().recordFire(fire(5)),
      store().recordFire({ ...fire(6), triggerId: "trg_none" }),
      store().recordFire(fire(7)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await store().history(t.id, 2)).map((f) => f.at)).toEqual([7, 5]);
  });

  it("history pages newest first; lastFires answers each trigger's newest; prune keeps the newest", async () => {
    const pk = await seedTemplate(d.sql);
    const [a, b, none] = [newSchedule(pk, null), newSchedule(pk, null), newSchedule(pk, null)];
    for (const t of [a, b, none]) await store().insert(t);
    for (let at = 1; at <= 10; at++) await store().recordFire({ triggerId: a.id, at, outcome: "skipped" });
    await store().recordFire({ triggerId: b.id, at: 99, outcome: "missed" });
    const firstPage = await store().history(a.id, 4);
    expect(firstPage.map((f) => f.at)).toEqual([10, 9, 8, 7]);
    const secondPage = await store().history(a.id, 4, firstPage.at(-1)!.id);
    expect(secondPage.map((f) => f.at)).toEqual([6, 5, 4, 3]);

    const last = await store().lastFires([a.id, b.id, none.id]);
    expect([...last.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(last.get(a.id)).toMatchObject({ at: 10 });
    expect(last.get(b.id)).toMatchObject({ at: 99 });
    expect(await store().lastFires([])).toEqual(new Map());

    await store().prune(a.id, 3);
    expect((await store().history(a.id, 100)).map((f) => f.at)).toEqual([10, 9, 8]);
    await store().prune(a.id, 3);
    expect(await store().history(a.id, 100)).toHaveLength(3);
    expect(await store().history(b.id, 100)).toHaveLength(1);
  });
});

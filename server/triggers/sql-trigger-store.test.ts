/**
 * The trigger store's contract on both databases, triggers and claims: create, read, list, patch and delete
 * triggers; each claim (`claimFire`, `takeQueued`, `claimDelivery`) won by exactly one of several stores on
 * other connections to the same database (on PostgreSQL other pools); a claim whose fires cannot be written
 * writes nothing.
 */
import { describe, expect, it } from "vitest";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { SqlTriggerStore } from "./sql-trigger-store";
import { newSchedule, newWebhook, seedRun, seedTemplate } from "./test-support/trigger-rows";
import type { FireOutcome } from "@/lib/triggers/trigger-schema";
import type { ClaimedFire, TriggerStore } from "./trigger-store";

const MINUTE = 60_000;
const T0 = 1_800_000_000_000;

/** A claim's fire to start at `scheduledFor` as run `runId`. */
const pending = (scheduledFor: number, runId: string): ClaimedFire => ({
  at: scheduledFor,
  scheduledFor,
  outcome: "missed",
  reason: "claimed",
  runId,
  pending: true,
});

/** The outcomes of racing calls: how many won. */
const wins = (results: readonly boolean[]) => results.filter(Boolean).length;

describe.each(SQL_DATABASES)("the trigger store on %s: triggers and claims", (kind) => {
  const d = useTestSqlDb(kind, (sql) => new SqlTriggerStore(sql));
  const store = () => d.stores;
  /** Stores of other servers on the same database, each on a connection (a pool) of its own. */
  const others = async (n: number): Promise<TriggerStore[]> =>
    Promise.all(Array.from({ length: n }, async () => new SqlTriggerStore(await d.another())));

  it("creates, reads, lists, patches and deletes triggers", async () => {
    const [nightly, other] = [await seedTemplate(d.sql, "Nightly"), await seedTemplate(d.sql, "Other")];
    const schedule = newSchedule(nightly, T0, { now: T0 - 3 });
    const hook = newWebhook(nightly, { now: T0 - 2 });
    const elsewhere = newSchedule(other, T0, { now: T0 - 1, enabled: false, nextFireAt: null });
    for (const t of [schedule, hook, elsewhere]) await store().insert(t);

    // What was written comes back as written, with the template's name and id and the columns not given.
    const { now, ...written } = schedule;
    expect(await store().get(schedule.id)).toEqual({
      ...written,
      templateName: "Nightly",
      templateId: `${nightly}-ref`,
      auth: null,
      secretSealed: null,
      queuedFor: null,
      lastRunId: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(await store().get(hook.id)).toMatchObject({
      kind: "webhook",
      auth: "hmac",
      secretSealed: "sealed",
      createdBy: { userId: "usr_1", email: "ed@example.com" },
      nextFireAt: null,
    });
    expect(await store().get("trg_none")).toBeUndefined();
    const ids = (await store().list({})).map((t) => t.id);
    expect(ids.filter((id) => [schedule.id, hook.id, elsewhere.id].includes(id))).toEqual([
      elsewhere.id,
      hook.id,
      schedule.id,
    ]);
    expect((await store().list({ templatePk: nightly })).map((t) => t.id)).toEqual([hook.id, schedule.id]);
    const enabled = (await store().enabledSchedules()).map((t) => t.id);
    expect(enabled).toContain(schedule.id);
    expect(enabled).not.toContain(hook.id);
    expect(enabled).not.toContain(elsewhere.id);

    const patch = { enabled: false, cron: "0 * * * *", variables: { branch: "dev" }, nextFireAt: null };
    expect(await store().update(schedule.id, patch, T0 + 5)).toBe(true);
    expect(await store().get(schedule.id)).toMatchObject({ ...patch, updatedAt: T0 + 5, timezone: "UTC" });
    expect(await store().update("trg_none", { enabled: true }, T0)).toBe(false);
    await store().setLastRun(hook.id, "run_last");
    expect((await store().get(hook.id))!.lastRunId).toBe("run_last");

    expect(await store().delete(hook.id)).toBe(true);
    expect(await store().delete(hook.id)).toBe(false);
    expect(await store().get(hook.id)).toBeUndefined();
  });

  it("claimFire: of several servers claiming one fire exactly one wins, and its fires are written once", async () => {
    const t = newSchedule(await seedTemplate(d.sql), T0);
    await store().insert(t);
    const stores = [store(), ...(await others(3))];
    const claimed = await Promise.all(
      stores.map((s, i) => s.claimFire(t.id, T0, T0 + MINUTE, [pending(T0, `run_claim_${i}`)])),
    );
    expect(wins(claimed)).toBe(1);
    const winner = claimed.indexOf(true);
    expect((await store().get(t.id))!.nextFireAt).toBe(T0 + MINUTE);
    expect(await store().history(t.id, 10)).toMatchObject([
      { scheduledFor: T0, pending: true, runId: `run_claim_${winner}`, outcome: "missed", reason: "claimed" },
    ]);
    expect(await store().pendingFire(t.id, T0)).toMatchObject({ runId: `run_claim_${winner}` });
    // The old value no longer holds; a disabled trigger is claimed by nobody.
    expect(await store().claimFire(t.id, T0, T0 + 2 * MINUTE, [])).toBe(false);
    await store().update(t.id, { enabled: false }, T0);
    expect(await store().claimFire(t.id, T0 + MINUTE, T0 + 2 * MINUTE, [])).toBe(false);
  });

  it("a claim writes its decided fires with it, one row per scheduled time", async () => {
    const t = newSchedule(await seedTemplate(d.sql), T0);
    await store().insert(t);
    const missed: ClaimedFire = { at: T0 + 2 * MINUTE, scheduledFor: T0, outcome: "missed", reason: "late" };
    const fires = [missed, { ...missed, reason: "the same time again" }, pending(T0 + MINUTE, "run_x")];
    expect(await store().claimFire(t.id, T0, T0 + 3 * MINUTE, fires)).toBe(true);
    const rows = await store().history(t.id, 10);
    expect(rows.map((f) => [f.scheduledFor, f.pending, f.reason])).toEqual([
      [T0 + MINUTE, true, "claimed"],
      [T0, false, "late"],
    ]);
  });

  it("a claim whose fires cannot be written writes nothing: the trigger keeps its fire time", async () => {
    const t = newSchedule(await seedTemplate(d.sql), T0);
    await store().insert(t);
    // Refused by the database (outcome is NOT NULL), after the guarded update succeeded.
    const broken = { ...pending(T0, "run_broken"), outcome: null as unknown as FireOutcome };
    await expect(store().claimFire(t.id, T0, T0 + MINUTE, [pending(T0 - MINUTE, "run_ok"), broken])).rejects.toThrow();
    expect((await store().get(t.id))!.nextFireAt).toBe(T0);
    expect(await store().history(t.id, 10)).toEqual([]);
    expect(await store().claimFire(t.id, T0, T0 + MINUTE, [pending(T0, "run_ok")])).toBe(true);
  });

  it("queueFire sets one waiting fire; takeQueued hands it to exactly one server", async () => {
    const t = newSchedule(await seedTemplate(d.sql), T0);
    await store().insert(t);
    expect(await store().queueFire(t.id, T0)).toBe(true);
    expect(await store().queueFire(t.id, T0 + MINUTE)).toBe(false);
    expect((await store().get(t.id))!.queuedFor).toBe(T0);
    const stores = [store(), ...(await others(3))];
    expect(await stores[1]!.takeQueued(t.id, T0 + MINUTE)).toBe(false);
    expect(wins(await Promise.all(stores.map((s) => s.takeQueued(t.id, T0))))).toBe(1);
    expect((await store().get(t.id))!.queuedFor).toBeNull();
  });

  it("claimDelivery: of calls racing with one key exactly one claims it; the others get that fire", async () => {
    const t = newWebhook(await seedTemplate(d.sql));
    await store().insert(t);
    const stores = [store(), ...(await others(3))];
    const claims = await Promise.all(
      stores.map((s, i) =>
        s.claimDelivery({ triggerId: t.id, at: T0, outcome: "started", runId: `run_d${i}`, deliveryKey: "k1" }),
      ),
    );
    const won = claims.filter((c) => c.claimed);
    expect(won).toHaveLength(1);
    const fireId = won[0]!.claimed ? won[0]!.fireId : -1;
    for (const c of claims)
      if (!c.claimed) expect(c.earlier).toMatchObject({ id: fireId, deliveryKey: "k1", outcome: "started" });
    expect(await store().findDelivery(t.id, "k1")).toMatchObject({ id: fireId });
    // Without a key every call is recorded.
    const keyless = { triggerId: t.id, at: T0, outcome: "started" as const, deliveryKey: null };
    expect((await store().claimDelivery(keyless)).claimed).toBe(true);
    expect((await store().claimDelivery(keyless)).claimed).toBe(true);
    // A refused call frees its key: the next call with it claims anew.
    await store().settleDelivery(fireId, { outcome: "refused", reason: "could not start" });
    expect(await store().findDelivery(t.id, "k1")).toBeUndefined();
    expect((await store().history(t.id, 10)).find((f) => f.id === fireId)).toMatchObject({
      outcome: "refused",
      reason: "could not start",
      deliveryKey: null,
    });
    expect((await store().claimDelivery({ ...keyless, deliveryKey: "k1" })).claimed).toBe(true);
  });

  it("answers a run's status, or undefined for no such run", async () => {
    const runId = await seedRun(d.sql, "waiting");
    expect(await store().runStatus(runId)).toBe("waiting");
    expect(await store().runStatus("run_none")).toBeUndefined();
  });
});

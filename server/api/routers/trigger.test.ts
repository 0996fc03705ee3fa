/**
 * The `trigger` router on a real SQLite file: create, list (next fires in the zone, never a secret),
 * preview, update (rotate the secret, disable), delete, the history in pages, a signed test event,
 * bad input named by field, a creator who lost the editor role (refused), and the audit of each change.
 */
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { createCaller } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/procedures/trpc";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { FakeClock } from "@/server/test-support/fake-clock";

/** 2026-03-28 12:00 UTC: Berlin moves its clocks forward the next night. */
const NOW = Date.UTC(2026, 2, 28, 12, 0, 0);
const db = useRouterTestDb({ clock: new FakeClock(NOW) });
const admin = callerAs(db);

const flow = {
  template_id: "nightly",
  name: "Nightly",
  context_schema: { branch: { type: "string", required: true } },
  nodes: [{ id: "A", name: "Say", type: "shell", args_template: "echo {branch}" }],
  edges: [],
};

async function saved() {
  return (await admin.template.save({ template: flow })).id;
}

/** The BAD_REQUEST's field names (zod issues' paths, or the service's diagnostics' fields). */
async function badFields(call: Promise<unknown>): Promise<string[]> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  const e = err as TRPCError & { cause?: { issues?: { path: PropertyKey[] }[] }; diagnostics?: { field?: string }[] };
  expect(e.code).toBe("BAD_REQUEST");
  return e.diagnostics?.map((d) => d.field ?? "") ?? e.cause?.issues?.map((i) => i.path.join(".")) ?? [];
}

describe("trigger router", () => {
  it("a schedule: created, listed with its next fires in its zone across a DST change, previewed", async () => {
    const templateId = await saved();
    const { id } = await admin.trigger.create({
      templateId,
      kind: "schedule",
      cron: "30 2 * * *",
      timezone: "Europe/Berlin",
      variables: { branch: "main" },
    });
    const [item] = (await admin.trigger.list({ templateId })).items;
    expect(item).toMatchObject({
      id,
      templateId,
      kind: "schedule",
      enabled: true,
      cron: "30 2 * * *",
      timezone: "Europe/Berlin",
      misfire: "run_once",
      overlap: "skip",
      variables: { branch: "main" },
    });
    expect(item).not.toHaveProperty("secret");
    // 02:30 does not exist in Berlin on 29 March: croner fires when the gap ends (03:00 CEST = 01:00Z).
    expect(item!.nextFires).toEqual([
      "2026-03-29T01:00:00.000Z",
      "2026-03-30T00:30:00.000Z",
      "2026-03-31T00:30:00.000Z",
      "2026-04-01T00:30:00.000Z",
      "2026-04-02T00:30:00.000Z",
    ]);
    const preview = await admin.trigger.preview({ cron: "0 9 * * 1-5", timezone: "Europe/Berlin", count: 3 });
    expect(preview).toEqual({
      description: "At 09:00, on Monday to Friday (Europe/Berlin)",
      fires: ["2026-03-30T07:00:00.000Z", "2026-03-31T07:00:00.000Z", "2026-04-01T07:00:00.000Z"],
    });
  });

  it("bad input is refused at its field, and nothing is stored", async () => {
    const templateId = await saved();
    const schedule = { templateId, kind: "schedule" as const, variables: { branch: "main" } };
    expect(await badFields(admin.trigger.create({ ...schedule, cron: "61 * * * *" }))).toEqual(["cron"]);
    expect(await badFields(admin.trigger.create({ ...schedule, cron: "* * *" }))).toEqual(["cron"]);
    expect(await badFields(admin.trigger.create({ ...schedule, cron: "* * * * *", timezone: "Mars/Base" }))).toEqual([
      "timezone",
    ]);
    expect(await badFields(admin.trigger.create({ ...schedule, cron: "* * * * *", variables: {} }))).toEqual([
      "variables.branch",
    ]);
    expect(
      await badFields(admin.trigger.create({ ...schedule, cron: "* * * * *", variables: { branch: "x", nope: "y" } })),
    ).toEqual(["variables.nope"]);
    expect(
      await badFields(admin.trigger.create({ templateId, kind: "webhook", variables: { branch: "{bodyx.ref}" } })),
    ).toEqual(["variables.branch"]);
    expect((await admin.trigger.list({})).items).toEqual([]);
    const { id } = await admin.trigger.create({ ...schedule, cron: "* * * * *" });
    expect(await badFields(admin.trigger.update({ id, auth: "token" }))).toEqual(["auth"]);
    await expect(admin.trigger.update({ id: "trg_nope", enabled: false })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a webhook: its secret is answered once, rotated on request; a test event of a creator without an account is refused", async () => {
    const templateId = await saved();
    const created = await admin.trigger.create({ templateId, kind: "webhook", variables: { branch: "{body.ref}" } });
    expect(created.url).toBe(`/api/hooks/${created.id}`);
    expect(created.secret).toMatch(/^\S{32,}$/);
    const [item] = (await admin.trigger.list({})).items;
    expect(JSON.stringify(item)).not.toContain(created.secret);
    const rotated = await admin.trigger.update({ id: created.id, rotateSecret: true });
    expect(rotated.secret).toMatch(/^\S{32,}$/);
    expect(rotated.secret).not.toBe(created.secret);

    const test = await admin.trigger.testEvent({ id: created.id, body: JSON.stringify({ ref: "main" }) });
    // callerAs's admin has no account row: the trigger acts as its creator, who no longer exists.
    expect(test.status).toBe(403);
    expect(test.answer).toMatchObject({
      error: { code: "FORBIDDEN", message: expect.stringMatching(/no longer exists/) },
    });
    const [fire] = (await admin.trigger.history({ id: created.id })).items;
    expect(fire).toMatchObject({ outcome: "refused", reason: expect.stringMatching(/no longer exists/) });
  });

  it("acts as its creator: an editor's webhook starts runs until the editor loses the role (refused)", async () => {
    const templateId = await saved();
    const { user } = await admin.user.create({
      email: "ed@team.test",
      password: "editor-password-1",
      roles: ["editor"],
    });
    const editor = createCaller(() =>
      createTRPCContext({
        deps: db().deps,
        headers: new Headers(),
        caller: { via: "token", userId: user.id, email: user.email, roles: ["editor"], sessionId: null },
      }),
    );
    const { id } = await editor.trigger.create({ templateId, kind: "webhook", variables: { branch: "{body.ref}" } });
    const ok = await editor.trigger.testEvent({ id, body: JSON.stringify({ ref: "main" }) });
    expect(ok.status).toBe(202);
    const { runId } = ok.answer as { runId: string };
    await db().deps.engine.settled(runId);
    const run = await admin.run.get({ runId });
    expect(run.run).toMatchObject({ trigger: { id, kind: "webhook" }, status: "succeeded" });

    await admin.user.setRoles({ id: user.id, roles: ["viewer"] });
    const refused = await admin.trigger.testEvent({ id, body: JSON.stringify({ ref: "main" }) });
    expect(refused.status).toBe(403);
    const history = (await admin.trigger.history({ id })).items;
    expect(history.map((f) => f.outcome)).toEqual(["refused", "started"]);
    expect(history[0]!.reason).toContain("ed@team.test no longer has the editor role");
    expect((await admin.run.list({ triggerId: id })).items).toHaveLength(1);
  });

  it("the history in pages, newest first; delete removes the trigger and its history", async () => {
    const templateId = await saved();
    const { id } = await admin.trigger.create({ templateId, kind: "webhook", variables: { branch: "x" } });
    for (let i = 0; i < 5; i++) await admin.trigger.testEvent({ id, body: "{}" });
    const first = await admin.trigger.history({ id, limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await admin.trigger.history({ id, limit: 2, cursor: first.nextCursor });
    const third = await admin.trigger.history({ id, limit: 2, cursor: second.nextCursor });
    expect(third.items).toHaveLength(1);
    expect(third.nextCursor).toBeUndefined();
    const ids = [...first.items, ...second.items, ...third.items].map((f) => (f as { id: number }).id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(5);

    expect(await admin.trigger.delete({ id })).toEqual({ ok: true });
    expect((await admin.trigger.list({})).items).toEqual([]);
    await expect(admin.trigger.history({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("every change is in the audit log", async () => {
    const templateId = await saved();
    const { id } = await admin.trigger.create({
      templateId,
      kind: "schedule",
      cron: "0 9 * * *",
      variables: { branch: "m" },
    });
    await admin.trigger.update({ id, enabled: false });
    await admin.trigger.delete({ id });
    const actions = (await admin.audit.list({})).items.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["trigger.create", "trigger.update", "trigger.delete"]));
  });
});

/**
 * Every procedure × every caller, over real HTTP (docs/api.md, "Access"; docs/security.md): allowed calls are never
 * 401/403 (nor a 500); denied ones are 401 without a caller, 403 without the role, and leave every
 * table of the database exactly as it was. The table of inputs must name every procedure the
 * router has, so a new procedure cannot slip past this test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROCEDURE_KINDS } from "@/server/api/procedure-kinds";
import { PROCEDURE_ACCESS, callerMay } from "@/server/auth/procedure-access";
import type { Caller } from "@/server/auth/caller";
import { IDENTITIES, identityHeaders, type Identity } from "@/server/test-support/api-identities";
import { callerAs } from "@/server/test-support/test-callers";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import type { TestDeps } from "@/server/test-support/test-deps";
import type { TrpcHttpServer } from "@/server/test-support/trpc-http-server";

let t: TestDeps;
let http: TrpcHttpServer;
let stop: () => Promise<void>;
let headers: Record<Identity, Record<string, string>>;
const f: Record<string, string> = {};

const flow = {
  template_id: "access-flow",
  name: "Access flow",
  nodes: [
    { id: "A", name: "Say", type: "shell", args_template: "echo hi" },
    { id: "H", name: "Review", type: "human", prompt: "ok?" },
  ],
  edges: [{ from: "A", to: "H" }],
};

/** A valid input for every procedure (ids from the fixtures made in beforeAll). */
const INPUTS: Record<string, () => unknown> = {
  "health.ping": () => undefined,
  "health.heartbeat": () => undefined,
  "auth.me": () => undefined,
  "auth.login": () => ({ email: "viewer@access.test", password: "viewer-password-1" }),
  "auth.setup": () => ({ email: "second@access.test", password: "second-password" }),
  "auth.logout": () => undefined,
  // A wrong current password: a 400 for every signed-in caller, and no identity's password changes.
  "auth.changePassword": () => ({ currentPassword: "not-the-password", newPassword: "another-password-1" }),
  "template.list": () => ({}),
  "template.facets": () => undefined,
  "template.get": () => ({ id: f.templateId }),
  "template.diff": () => ({ id: f.templateId, from: 1, to: 1 }),
  "template.save": () => ({ template: { ...flow, template_id: "access-saved", name: "Saved" } }),
  "template.delete": () => ({ id: f.spareTemplateId }),
  "template.restore": () => ({ id: f.spareTemplateId }),
  "template.duplicate": () => ({ id: f.templateId }),
  "compose.describe": () => ({ text: "Build the app, then test it" }),
  "compose.import": () => ({ text: "flowchart LR\n  A[One] --> B[Two]", format: "mermaid" }),
  "compose.validate": () => ({ template: flow }),
  "compose.injectCheckpoints": () => ({ template: flow }),
  "catalog.list": () => undefined,
  "run.start": () => ({ templateId: f.templateId, variables: {} }),
  "run.get": () => ({ runId: f.runId }),
  "run.list": () => ({}),
  "run.log": () => ({ runId: f.runId, nodeId: "A" }),
  "run.onEvent": () => ({ runId: f.runId }),
  "run.cancel": () => ({ runId: f.cancelRunId }),
  "run.rerunFrom": () => ({ runId: f.runId, nodeId: "A" }),
  "run.retryFailed": () => ({ runId: f.runId }),
  "run.simulate": () => ({ templateId: f.templateId, variables: {} }),
  "run.compare": () => ({ a: f.runId, b: f.runId }),
  "live.watch": () => ({ runId: f.runId }),
  "approval.list": () => ({}),
  "approval.decide": () => ({ approvalId: f.approvalId, decision: "approve" }),
  "user.list": () => undefined,
  "user.create": () => ({
    email: `new-${Math.random()}@access.test`,
    password: "new-user-password",
    roles: ["viewer"],
  }),
  "user.setRoles": () => ({ id: f.spareUserId, roles: ["viewer", "approver"] }),
  "user.disable": () => ({ id: f.spareUserId }),
  "user.enable": () => ({ id: f.spareUserId }),
  "user.delete": () => ({ id: f.doomedUserId }),
  "user.resetPassword": () => ({ id: f.spareUserId, newPassword: "reset-password-1" }),
  "token.create": () => ({ name: "access test" }),
  "token.list": () => undefined,
  "token.revoke": () => ({ id: f.tokenId }),
  "secret.list": () => undefined,
  "secret.set": () => ({ name: "ACCESS_SECRET", value: "value-1234" }),
  "secret.delete": () => ({ name: "SPARE_SECRET" }),
  "audit.list": () => ({}),
  "trigger.list": () => ({}),
  "trigger.history": () => ({ id: f.triggerId }),
  "trigger.preview": () => ({ cron: "0 9 * * 1-5", timezone: "Europe/Berlin" }),
  // Once a year: nothing fires while the matrix runs.
  "trigger.create": () => ({ templateId: f.templateId, kind: "schedule", cron: "0 0 1 1 *" }),
  "trigger.update": () => ({ id: f.triggerId, enabled: true }),
  "trigger.delete": () => ({ id: f.spareTriggerId }),
  "trigger.testEvent": () => ({ id: f.webhookId }),
  "provider.list": () => undefined,
  "provider.save": () => ({ name: "access-cat", kind: "cli", command: ["cat"] }),
  "provider.delete": () => ({ name: "spare-provider" }),
  "provider.setDefault": () => ({ name: "spare-provider" }),
  "provider.test": () => ({ name: "spare-provider" }),
};

/** Every row of every table, as text: what "nothing changed" is compared with. */
function snapshot(): string {
  const db = t.db.$client;
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  return JSON.stringify(tables.map(({ name }) => [name, db.prepare(`select * from "${name}" order by rowid`).all()]));
}

async function call(path: string, who: Identity): Promise<{ status: number; body: string }> {
  const type = PROCEDURE_KINDS[path];
  const input = INPUTS[path]!();
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const ac = new AbortController();
  const res =
    type === "mutation"
      ? await fetch(`${http.base}/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers[who] },
          body: JSON.stringify(input ?? null),
        })
      : await fetch(`${http.base}/${path}${qs}`, { headers: headers[who], signal: ac.signal });
  // A subscription that was let in streams forever: its first chunk is enough.
  if (type === "subscription" && res.headers.get("content-type")?.includes("text/event-stream")) {
    const reader = res.body!.getReader();
    const first = await reader.read();
    ac.abort();
    return { status: res.status, body: new TextDecoder().decode(first.value) };
  }
  return { status: res.status, body: await res.text() };
}

function identityAsCaller(who: Identity): Caller | null {
  if (who === "anonymous" || who === "bad token" || who === "expired session") return null;
  return { via: "session", userId: who, email: who, roles: [who], sessionId: who };
}

// Nine argon2id hashes, two at a time, on a loaded machine: a longer hook timeout.
beforeAll(async () => {
  ({ t, http, stop } = await startApiTestServer());
  headers = await identityHeaders(t.deps.accounts);
  const admin = callerAs(t.deps, ["admin"]);
  f.templateId = (await admin.template.save({ template: flow })).id;
  f.spareTemplateId = (await admin.template.save({ template: { ...flow, template_id: "spare", name: "Spare" } })).id;
  f.runId = (await admin.run.start({ templateId: f.templateId, variables: {} })).runId;
  f.cancelRunId = (await admin.run.start({ templateId: f.templateId, variables: {} })).runId;
  for (const id of [f.runId, f.cancelRunId]) await t.deps.engine.settled(id);
  f.approvalId = (await admin.approval.list({ status: "pending", runId: f.runId })).items[0]!.id;
  f.userId = (await admin.user.list()).items.find((u) => u.email === "viewer@access.test")!.id;
  // setRoles ends the target's sessions: aim it at an account no identity signs in with.
  f.spareUserId = (
    await admin.user.create({ email: "spare@access.test", password: "spare-password", roles: ["viewer"] })
  ).user.id;
  f.doomedUserId = (
    await admin.user.create({ email: "doomed@access.test", password: "doomed-password", roles: ["viewer"] })
  ).user.id;
  await admin.secret.set({ name: "SPARE_SECRET", value: "spare-value" });
  const yearly = { templateId: f.templateId, kind: "schedule", cron: "0 0 1 1 *" } as const;
  f.triggerId = (await admin.trigger.create(yearly)).id;
  f.spareTriggerId = (await admin.trigger.create(yearly)).id;
  f.webhookId = (await admin.trigger.create({ templateId: f.templateId, kind: "webhook" })).id;
  await admin.provider.save({ name: "spare-provider", kind: "cli", command: ["cat"] });
  f.tokenId = (await t.deps.accounts.tokens.create(f.userId, "fixture")).summary.id;
}, 120_000);

afterAll(() => stop());

describe("access matrix: every procedure × every caller", () => {
  it("the inputs table and the access table name exactly the router's procedures", () => {
    const paths = Object.keys(PROCEDURE_KINDS).sort();
    expect(Object.keys(INPUTS).sort()).toEqual(paths);
    expect(Object.keys(PROCEDURE_ACCESS).sort()).toEqual(paths);
  });

  // Denied calls first, while nothing runs, so "nothing changed" compares a quiet database.
  it("denied: 401 without a caller, 403 without the role, and not one row changes", async () => {
    const checked: string[] = [];
    for (const path of Object.keys(PROCEDURE_KINDS))
      for (const who of IDENTITIES) {
        const access = PROCEDURE_ACCESS[path]!;
        if (callerMay(identityAsCaller(who), access)) continue;
        const before = snapshot();
        const { status, body } = await call(path, who);
        const want = identityAsCaller(who) ? 403 : 401;
        expect(status, `${path} as ${who}: ${body.slice(0, 200)}`).toBe(want);
        expect(body).not.toMatch(/\n\s+at /);
        expect(snapshot(), `${path} as ${who} changed the database`).toBe(before);
        checked.push(`${path}/${who}`);
      }
    expect(checked.length).toBeGreaterThan(100);
  });

  it("allowed: never 401/403, never a 500", async () => {
    // Logging out ends the identity's session: last.
    const paths = Object.keys(PROCEDURE_KINDS).sort(
      (a, b) => Number(a === "auth.logout") - Number(b === "auth.logout"),
    );
    for (const path of paths)
      for (const who of IDENTITIES) {
        if (!callerMay(identityAsCaller(who), PROCEDURE_ACCESS[path]!)) continue;
        const { status, body } = await call(path, who);
        expect([401, 403], `${path} as ${who}: ${body.slice(0, 300)}`).not.toContain(status);
        expect(status, `${path} as ${who}: ${body.slice(0, 300)}`).toBeLessThan(500);
      }
  });
});

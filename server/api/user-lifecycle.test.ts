/**
 * Shutting a person out, over real HTTP with real sessions, tokens and SSE streams: disable ends
 * sessions, tokens and open streams at once (enable lets the same tokens back in), delete removes
 * the account, the last enabled admin stays, a password change ends the other sessions, an admin's
 * reset ends them all. Every refusal says what and why and leaves the users table as it was; every
 * change is in the audit log.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import { cookieOf, httpCalls } from "@/server/test-support/http-calls";
import type { TestDeps } from "@/server/test-support/test-deps";
import { authHeaders, type TrpcHttpServer } from "@/server/test-support/trpc-http-server";

let t: TestDeps;
let http: TrpcHttpServer;
let stop: () => Promise<void>;
let call: ReturnType<typeof httpCalls>;
beforeEach(async () => {
  ({ t, http, stop } = await startApiTestServer());
  call = httpCalls(http.base);
});
afterEach(() => stop());

type Headers = Record<string, string>;
const dataOf = async (res: Response) => {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body.error)}`);
  return body.result.data;
};
const ok = async (path: string, input: unknown, headers: Headers) => dataOf(await call.post(path, input, headers));
const status = async (path: string, headers: Headers) => (await call.get(path, headers)).status;
const usersTable = () => JSON.stringify(t.db.$client.prepare("select * from users order by id").all());
const audit = (action: string) =>
  t.db.$client.prepare("select actor, target, detail from audit_log where action = ?").all(action) as {
    actor: string;
    target: string;
    detail: string;
  }[];

async function withAdminAndUser(roles = ["editor"]) {
  const admin = cookieOf(await call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }));
  const person = { email: "pat@example.com", password: "pat-password-1" };
  const { user } = await ok("user.create", { ...person, roles }, admin);
  const session = cookieOf(await call.post("auth.login", person));
  const { token } = await ok("token.create", { name: "pat's ci" }, session);
  return { admin, person, id: user.id as string, session, bearer: { authorization: `Bearer ${token}` } };
}

async function expectRefused(res: Response, code: string, message: RegExp) {
  const body = await res.json();
  expect(body.error?.data?.code, JSON.stringify(body)).toBe(code);
  expect(body.error.message).toMatch(message);
}

// argon2id hashing is deliberately slow on a loaded 2-core machine.
describe("user lifecycle", { timeout: 120_000 }, () => {
  it("disable: sessions, tokens and open streams end at once; login is refused; enable lets the tokens back in", async () => {
    const { admin, person, id, session, bearer } = await withAdminAndUser();
    const byCookie = await call.openWatch(session);
    const byToken = await call.openWatch(bearer);
    expect(await ok("user.disable", { id }, admin)).toEqual({ ok: true, email: person.email });
    expect(await t.deps.accounts.users.isActive(id)).toBe(false);
    expect(await status("run.list", session)).toBe(401);
    expect(await status("run.list", bearer)).toBe(401);
    expect(await byCookie.ended).toContain("UNAUTHORIZED");
    expect(await byToken.ended).toContain("UNAUTHORIZED");
    // The right password says why; a wrong one says only what it always says.
    await expectRefused(await call.post("auth.login", person), "FORBIDDEN", /account is disabled/);
    await expectRefused(
      await call.post("auth.login", { ...person, password: "wrong-password" }),
      "UNAUTHORIZED",
      /^wrong email or password$/,
    );
    const listed = await dataOf(await call.get("user.list", admin));
    expect(listed.items.find((u: { id: string }) => u.id === id).disabledAt).toEqual(expect.any(Number));
    expect(audit("user.disable")).toMatchObject([{ actor: "admin@example.com", target: id }]);
    expect(JSON.parse(audit("user.disable")[0]!.detail)).toMatchObject({ email: person.email });

    await ok("user.enable", { id }, admin);
    expect(await t.deps.accounts.users.isActive(id)).toBe(true);
    expect(await status("run.list", bearer)).toBe(200);
    expect(await status("run.list", session)).toBe(401); // sessions do not come back: sign in again
    expect((await call.post("auth.login", person)).status).toBe(200);
    expect(audit("user.enable")).toHaveLength(1);
  });

  it("delete: the account, its sessions and tokens are gone; the audit keeps the email", async () => {
    const { admin, person, id, session, bearer } = await withAdminAndUser();
    expect(await ok("user.delete", { id }, admin)).toEqual({ ok: true, email: person.email });
    expect(await status("run.list", session)).toBe(401);
    expect(await status("run.list", bearer)).toBe(401);
    expect(await t.deps.accounts.users.isActive(id)).toBe(false);
    for (const table of ["users", "sessions", "api_tokens"])
      expect(
        t.db.$client.prepare(`select * from ${table} where ${table === "users" ? "id" : "user_id"} = ?`).all(id),
      ).toEqual([]);
    expect(JSON.parse(audit("user.delete")[0]!.detail)).toMatchObject({ email: person.email });
    await expectRefused(await call.post("user.delete", { id }, admin), "NOT_FOUND", new RegExp(`no user ${id}`));
    await expectRefused(await call.post("user.disable", { id }, admin), "NOT_FOUND", /no user/);
  });

  it("the last enabled admin cannot be disabled, deleted or lose admin; nobody shuts themselves out", async () => {
    const { admin, id } = await withAdminAndUser(["admin"]);
    const adminId = t.db.$client.prepare("select id from users where email = 'admin@example.com'").get() as {
      id: string;
    };
    const env = authHeaders(); // WF_API_TOKEN: an admin without an account
    // Two enabled admins: disabling one is fine, then the other is the last.
    await ok("user.disable", { id }, env);
    const before = usersTable();
    await expectRefused(
      await call.post("user.disable", { id: adminId.id }, env),
      "CONFLICT",
      /admin@example\.com is the last enabled admin and cannot be disabled/,
    );
    await expectRefused(await call.post("user.delete", { id: adminId.id }, env), "CONFLICT", /cannot be deleted/);
    await expectRefused(
      await call.post("user.setRoles", { id: adminId.id, roles: ["viewer"] }, env),
      "CONFLICT",
      /is the last enabled admin and cannot lose the admin role/,
    );
    await expectRefused(await call.post("user.disable", { id: adminId.id }, admin), "BAD_REQUEST", /your own account/);
    await expectRefused(await call.post("user.delete", { id: adminId.id }, admin), "BAD_REQUEST", /your own account/);
    expect(usersTable()).toBe(before);
    expect(await status("run.list", admin)).toBe(200);
    // A disabled admin can be deleted: it is not the one keeping the door.
    await ok("user.delete", { id }, env);
  });

  it("changePassword keeps this session and ends the others; resetPassword ends them all, tokens stay", async () => {
    const { admin, person, id, session, bearer } = await withAdminAndUser();
    const other = cookieOf(await call.post("auth.login", person));
    const otherStream = await call.openWatch(other);
    const before = usersTable();
    await expectRefused(
      await call.post("auth.changePassword", { currentPassword: "nope", newPassword: "new-password-1" }, session),
      "BAD_REQUEST",
      /not your current password/,
    );
    await expectRefused(
      await call.post("auth.changePassword", { currentPassword: person.password, newPassword: "short" }, session),
      "BAD_REQUEST",
      /newPassword: at least 10 characters/,
    );
    expect(usersTable()).toBe(before);
    expect(await status("run.list", other)).toBe(200);

    const changed = await ok(
      "auth.changePassword",
      { currentPassword: person.password, newPassword: "new-password-1" },
      session,
    );
    expect(changed).toEqual({ ok: true, endedSessions: 1 });
    expect(await status("run.list", session)).toBe(200);
    expect(await status("run.list", other)).toBe(401);
    expect(await otherStream.ended).toContain("UNAUTHORIZED");
    expect((await call.post("auth.login", person)).status).toBe(401);
    const fresh = cookieOf(await call.post("auth.login", { ...person, password: "new-password-1" }));
    expect(audit("auth.changePassword")).toMatchObject([{ actor: person.email }]);
    expect(JSON.stringify(t.db.$client.prepare("select * from audit_log").all())).not.toContain("new-password-1");

    await ok("user.resetPassword", { id, newPassword: "reset-password-1" }, admin);
    for (const s of [session, fresh]) expect(await status("run.list", s)).toBe(401);
    expect(await status("run.list", bearer)).toBe(200);
    expect((await call.post("auth.login", { ...person, password: "reset-password-1" })).status).toBe(200);
    expect(JSON.stringify(t.db.$client.prepare("select * from audit_log").all())).not.toContain("reset-password-1");
    // WF_API_TOKEN has no password of its own.
    await expectRefused(
      await call.post("auth.changePassword", { currentPassword: "x", newPassword: "new-password-2" }, authHeaders()),
      "BAD_REQUEST",
      /WF_API_TOKEN has no account/,
    );
  });
});

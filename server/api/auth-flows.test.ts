/**
 * Accounts over real HTTP: first-run setup, login (cookie flags, same message for a wrong password
 * and an unknown user, rate limit), logout ending the session at once, role changes taking effect
 * at once, tokens (shown once, hashed, last used, revoked), and the request guards (Host,
 * cross-origin POST, oversized body). Each refusal is typed and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handleTrpcRequest } from "@/server/api/handle-trpc-request";
import { sha256Hex } from "@/server/auth/secret-hash";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import type { TestDeps } from "@/server/test-support/test-deps";
import type { TrpcHttpServer } from "@/server/test-support/trpc-http-server";

let t: TestDeps;
let http: TrpcHttpServer;
let stop: () => Promise<void>;
beforeEach(async () => {
  ({ t, http, stop } = await startApiTestServer());
});
afterEach(() => stop());

const post = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${http.base}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(input),
  });
const get = (path: string, headers: Record<string, string> = {}, input?: unknown) =>
  fetch(`${http.base}/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
    headers,
  });
const cookieOf = (res: Response) => ({ cookie: res.headers.get("set-cookie")!.split(";")[0]! });
const rows = (table: string) => t.db.$client.prepare(`select * from ${table}`).all() as Record<string, unknown>[];

async function setupAdmin() {
  const res = await post("auth.setup", { email: "Admin@Example.com", password: "admin-password" });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

// argon2id hashing is deliberately slow; on a loaded 2-core machine a dozen logins can pass 30 s.
describe("accounts", { timeout: 120_000 }, () => {
  it("first run: setup creates the admin once, signs them in with a safe cookie", async () => {
    expect((await (await get("auth.me")).json()).result.data).toEqual({ user: null, needsSetup: true });
    const weak = await post("auth.setup", { email: "a@b.c", password: "short" });
    expect(weak.status).toBe(400);
    expect(rows("users")).toHaveLength(0);
    const res = await post("auth.setup", { email: "Admin@Example.com", password: "admin-password" });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^wf_session=wfs_/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure"); // plain http here; https adds it
    const me = (await (await get("auth.me", cookieOf(res))).json()).result.data;
    expect(me).toMatchObject({ user: { email: "admin@example.com", roles: ["admin"] }, needsSetup: false });
    const again = await post("auth.setup", { email: "x@y.z", password: "another-password" });
    expect(again.status).toBe(409);
    expect(rows("users")).toHaveLength(1);
    // The database keeps an argon2id hash and the session's SHA-256, never the secrets themselves.
    expect(String(rows("users")[0]!.password_hash)).toMatch(/^\$argon2id\$/);
    const token = setCookie.split(";")[0]!.split("=")[1]!;
    expect(rows("sessions").map((s) => s.id)).toEqual([sha256Hex(token)]);
  });

  it("login: one message for a wrong password and an unknown user, audited; then a rate limit", async () => {
    await setupAdmin();
    const wrong = await post("auth.login", { email: "admin@example.com", password: "not-the-password" });
    const unknown = await post("auth.login", { email: "nobody@example.com", password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [(await wrong.json()).error.message, (await unknown.json()).error.message];
    expect(a).toBe("wrong email or password");
    expect(b).toBe(a);
    expect(rows("audit_log").filter((r) => r.action === "auth.login.failed")).toHaveLength(2);
    let last = 0;
    for (let i = 0; i < 10; i++)
      last = (await post("auth.login", { email: "admin@example.com", password: "x" })).status;
    expect(last).toBe(429);
    // Even the right password waits now.
    expect((await post("auth.login", { email: "admin@example.com", password: "admin-password" })).status).toBe(429);
  });

  it("logout and role changes take effect on the next request", async () => {
    const admin = await setupAdmin();
    const created = await post(
      "user.create",
      { email: "ed@example.com", password: "editor-password", roles: ["editor"] },
      admin,
    );
    const user = (await created.json()).result.data.user;
    expect(user).not.toHaveProperty("passwordHash");
    const ed = cookieOf(await post("auth.login", { email: "ed@example.com", password: "editor-password" }));
    expect((await get("run.list", ed)).status).toBe(200);
    expect((await post("user.setRoles", { id: user.id, roles: ["viewer"] }, admin)).status).toBe(200);
    expect((await get("run.list", ed)).status).toBe(401); // the session ended with the role change
    const ed2 = cookieOf(await post("auth.login", { email: "ed@example.com", password: "editor-password" }));
    expect((await post("run.start", { templateId: "x", variables: {} }, ed2)).status).toBe(403);
    expect((await post("auth.logout", null, ed2)).status).toBe(200);
    expect((await get("run.list", ed2)).status).toBe(401);
    // A forged or tampered cookie is nobody.
    expect((await get("run.list", { cookie: `${ed2.cookie}x` })).status).toBe(401);
    expect((await get("run.list", { cookie: "wf_session=wfs_forged" })).status).toBe(401);
  });

  it("tokens: shown once, stored hashed, last-used time, revoked at once", async () => {
    const admin = await setupAdmin();
    const created = (await (await post("token.create", { name: "ci" }, admin)).json()).result.data;
    expect(created.token).toMatch(/^wft_/);
    const bearer = { authorization: `Bearer ${created.token}` };
    const listed = (await (await get("token.list", admin)).json()).result.data.items;
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(rows("api_tokens")[0]!.token_hash).toBe(sha256Hex(created.token));
    expect((await get("run.list", bearer)).status).toBe(200);
    expect(rows("api_tokens")[0]!.last_used_at).toEqual(expect.any(Number));
    expect((await post("token.revoke", { id: created.id }, admin)).status).toBe(200);
    expect((await get("run.list", bearer)).status).toBe(401);
    expect((await post("token.revoke", { id: created.id }, admin)).status).toBe(409);
  });
});

describe("request guards", () => {
  it("a cross-origin POST is refused before anything runs, even with a valid session", async () => {
    const admin = await setupAdmin();
    const before = rows("templates").length;
    const res = await post(
      "template.save",
      { template: { template_id: "x", name: "X", nodes: [], edges: [] } },
      { ...admin, origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toContain("cross-origin");
    const site = await post("auth.logout", null, { ...admin, "sec-fetch-site": "cross-site" });
    expect(site.status).toBe(403);
    expect(rows("templates")).toHaveLength(before);
    expect(rows("sessions")).toHaveLength(1);
  });

  it("a Host this server does not answer to is refused (DNS rebinding); an oversized body is 413", async () => {
    const at = (host: string) =>
      handleTrpcRequest(new Request("http://127.0.0.1/api/trpc/health.ping", { headers: { host } }), t.deps);
    expect((await at("127.0.0.1:3000")).status).toBe(200);
    expect((await at("localhost:3000")).status).toBe(200);
    const rebind = await at("attacker.example:3000");
    expect(rebind.status).toBe(421);
    expect((await rebind.json()).error.message).toContain("WF_ALLOWED_HOSTS");
    const big = await post("auth.login", { email: "a@b.c", password: "x".repeat(17 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect((await big.json()).error.data.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

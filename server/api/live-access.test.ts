/**
 * Open SSE streams end when the access they were opened with ends: logout, a role change, a revoked
 * token. Over real HTTP with real sessions; another user's stream stays open; nothing stays registered.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveAccess } from "@/server/auth/live-access";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import { cookieOf, httpCalls } from "@/server/test-support/http-calls";
import type { TrpcHttpServer } from "@/server/test-support/trpc-http-server";

let http: TrpcHttpServer;
let stop: () => Promise<void>;
let live: LiveAccess;
beforeEach(async () => {
  let t;
  ({ http, stop, t } = await startApiTestServer());
  live = t.deps.accounts.live;
});
afterEach(() => stop());

const post = async (path: string, input: unknown, headers: Record<string, string>) => {
  const res = await httpCalls(http.base).post(path, input, headers);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res;
};
const openWatch = (headers: Record<string, string>) => httpCalls(http.base).openWatch(headers);
const data = async (res: Response) => ((await res.json()) as { result: { data: Record<string, never> } }).result.data;

// argon2id hashing is deliberately slow on a loaded 2-core machine.
describe("live streams end with the access they were opened with", { timeout: 120_000 }, () => {
  it("logout, a role change and a revoked token each end exactly their streams", async () => {
    const admin = cookieOf(await post("auth.setup", { email: "admin@example.com", password: "admin-password" }, {}));
    const user = { email: "watcher@example.com", password: "watcher-password" };
    const { user: created } = await data(await post("user.create", { ...user, roles: ["viewer"] }, admin));
    const signIn = async () => cookieOf(await post("auth.login", user, {}));

    const adminStream = await openWatch(admin);

    // Logout of one session ends that session's stream with UNAUTHORIZED.
    const first = await signIn();
    const byLogout = await openWatch(first);
    expect(live.streamCount()).toBe(2);
    await post("auth.logout", {}, first);
    expect(await byLogout.ended).toMatch(/event: serialized-error\ndata: .*sign in again.*UNAUTHORIZED/);

    // A role change ends every stream of that user.
    const [a, b] = [await signIn(), await signIn()];
    const [byRoleA, byRoleB] = [await openWatch(a), await openWatch(b)];
    await post("user.setRoles", { id: (created as { id: string }).id, roles: ["viewer", "approver"] }, admin);
    expect(await byRoleA.ended).toContain("UNAUTHORIZED");
    expect(await byRoleB.ended).toContain("UNAUTHORIZED");

    // Revoking a personal token ends the streams opened with it.
    const session = await signIn();
    const { token, id: tokenId } = await data(await post("token.create", { name: "watch" }, session));
    const byToken = await openWatch({ authorization: `Bearer ${token}` });
    await post("token.revoke", { id: tokenId }, session);
    expect(await byToken.ended).toContain("UNAUTHORIZED");

    // The admin's stream was never touched; closing it leaves nothing registered.
    expect(live.streamCount()).toBe(1);
    await adminStream.cancel();
    await expect.poll(() => live.streamCount()).toBe(0);
  });

  it("a session's stream ends when the session expires", async () => {
    const client = new AbortController();
    const caller = {
      via: "session" as const,
      userId: "u1",
      email: "u@example.com",
      roles: ["viewer" as const],
      sessionId: "s1",
      expiresAt: Date.now(),
    };
    const stream = live.signal(caller, client.signal);
    await new Promise((resolve) => stream.addEventListener("abort", resolve, { once: true }));
    expect(client.signal.aborted).toBe(false);
    expect(live.streamCount()).toBe(0);
  });
});

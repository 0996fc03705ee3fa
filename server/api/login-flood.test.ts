/**
 * Login cannot be flooded, over real HTTP: a tRPC batch of auth.login calls is refused before any
 * password is checked; parallel attempts past the per-account and per-address limits never reach
 * argon2 (every argon2 call is counted, and how many run at once); a client-sent X-Forwarded-For
 * changes nothing unless the peer is a configured proxy; two racing first-run setups make one admin.
 */
import argon2 from "argon2";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LoginLimits } from "@/server/auth/login-limiter";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import type { TestDeps } from "@/server/test-support/test-deps";
import type { TrpcHttpServer } from "@/server/test-support/trpc-http-server";

let t: TestDeps;
let http: TrpcHttpServer;
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await stop?.();
  stop = undefined;
});

async function start(env: Record<string, string> = {}, loginLimits?: LoginLimits) {
  ({ t, http, stop } = await startApiTestServer({ env, ...(loginLimits ? { loginLimits } : {}) }));
}

/** Counts argon2 verifies (the real ones still run) and the most that ran at once. */
function countArgon2() {
  const real = argon2.verify.bind(argon2);
  const seen = { calls: 0, running: 0, peak: 0 };
  vi.spyOn(argon2, "verify").mockImplementation(async (...args: Parameters<typeof argon2.verify>) => {
    seen.calls++;
    seen.peak = Math.max(seen.peak, ++seen.running);
    try {
      return await real(...args);
    } finally {
      seen.running--;
    }
  });
  return seen;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${http.base}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const auditCount = () => (t.db.$client.prepare("select count(*) as n from audit_log").get() as { n: number }).n;

describe("login flood", { timeout: 180_000 }, () => {
  it("a batch of 1,400 auth.login calls is refused whole, before one password is checked", async () => {
    await start();
    const argon = countArgon2();
    const calls = 1_400;
    const paths = Array.from({ length: calls }, () => "auth.login").join(",");
    const inputs = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [i, { email: "admin@example.com", password: `guess-${i}` }]),
    );
    const before = auditCount();
    const res = await post(`${paths}?batch=1`, inputs);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.data.code).toBe("BAD_REQUEST");
    expect(body.error.message).toContain(`a batch of ${calls} calls`);
    // Even a batch of two: auth.* travels alone.
    const two = await post("auth.login,health.ping?batch=1", { 0: { email: "a@b.c", password: "x" } });
    expect(two.status).toBe(400);
    expect((await two.json()).error.message).toMatch(/auth\.login cannot be batched/);
    expect(argon.calls).toBe(0);
    expect(auditCount()).toBe(before);
    // Other batches: up to 50 calls pass, 51 do not.
    const pings = (n: number) => fetch(`${http.base}/${Array(n).fill("health.ping").join(",")}?batch=1`);
    expect((await pings(50)).status).toBe(200);
    expect((await pings(51)).status).toBe(400);
  });

  it("parallel attempts are each counted before argon2: only the allowed ones reach it (2 at once), the rest answer 429", async () => {
    await start({}, { perAccount: 3, perAddress: 8 });
    const argon = countArgon2();
    const one = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post("auth.login", { email: "target@example.com", password: `g${i}` })),
    );
    expect(one.filter((r) => r.status === 401)).toHaveLength(3);
    expect(one.filter((r) => r.status === 429)).toHaveLength(17);
    expect(argon.calls).toBe(3);
    expect(argon.peak).toBeLessThanOrEqual(2);
    const refused = await one.find((r) => r.status === 429)!.json();
    expect(refused.error.message).toMatch(/too many password attempts: try again in \d+ s/);
    // Every attempt counted for this address too (20 > 8): another email, with a made-up
    // X-Forwarded-For, is still this address (no proxy is trusted) and is refused unchecked.
    const spoofed = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post("auth.login", { email: `user${i}@example.com`, password: "x" }, { "x-forwarded-for": `10.9.${i}.1` }),
      ),
    );
    expect(spoofed.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    expect(argon.calls).toBe(3);
    // The audit log names the address the attempts came from: the real one.
    const failed = t.db.$client.prepare("select detail from audit_log where action = 'auth.login.failed'").all();
    expect(failed.map((r) => JSON.parse((r as { detail: string }).detail))).toEqual([
      { address: "127.0.0.1" },
      { address: "127.0.0.1" },
      { address: "127.0.0.1" },
    ]);
  });

  it("behind a trusted proxy the client is the nearest untrusted X-Forwarded-For address", async () => {
    await start({ WF_TRUSTED_PROXIES: "127.0.0.1, ::1" }, { perAccount: 5, perAddress: 2 });
    const argon = countArgon2();
    // Three clients behind the proxy, three attempts each: each client has its own count.
    const res = await Promise.all(
      [0, 1, 2].flatMap((c) =>
        [0, 1, 2].map((k) =>
          post(
            "auth.login",
            { email: `u${c}-${k}@example.com`, password: "x" },
            // The client put its own guess first; the proxy appended what it saw.
            { "x-forwarded-for": `203.0.113.7, 198.51.100.${c}` },
          ),
        ),
      ),
    );
    expect(res.filter((r) => r.status === 401)).toHaveLength(6);
    expect(res.filter((r) => r.status === 429)).toHaveLength(3);
    expect(argon.calls).toBe(6);
    const addresses = t.db.$client
      .prepare("select detail from audit_log where action = 'auth.login.failed'")
      .all()
      .map((r) => JSON.parse((r as { detail: string }).detail).address as string);
    expect(new Set(addresses)).toEqual(new Set(["198.51.100.0", "198.51.100.1", "198.51.100.2"]));
  });

  it("two first-run setups racing make exactly one admin; the other is told setup is done", async () => {
    await start();
    const res = await Promise.all(
      ["first@example.com", "second@example.com", "third@example.com"].map((email) =>
        post("auth.setup", { email, password: "admin-password" }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const users = t.db.$client.prepare("select email, roles from users").all();
    expect(users).toHaveLength(1);
    const loser = await res.find((r) => r.status === 409)!.json();
    expect(loser.error.message).toContain("setup is done");
  });

  it("GET /api/trpc/%E0 is a typed 400, not a 500", async () => {
    await start();
    for (const path of ["%E0", "%E0?batch=1", "run.onEvent%E0"]) {
      const res = await fetch(`${http.base}/${path}`);
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.error.data.code).toBe("BAD_REQUEST");
      expect(body.error.message).toContain("not valid URL encoding");
    }
    expect((await post("%E0", {})).status).toBe(400);
  });
});

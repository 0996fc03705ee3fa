/** WF_ADMIN_EMAIL + WF_ADMIN_PASSWORD create the first admin unattended, once; half a pair is a clear error. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";
import { bootstrapAdmin } from "./bootstrap-admin";

let t: TestDeps;
beforeEach(() => {
  t = createTestDeps();
});
afterEach(() => t.cleanup());

describe("bootstrapAdmin", () => {
  it("creates the admin once from the environment", async () => {
    const env = { WF_ADMIN_EMAIL: "Ops@Example.com", WF_ADMIN_PASSWORD: "ops-password-1" };
    expect(await bootstrapAdmin(t.deps.accounts, env)).toBe("ops@example.com");
    expect((await t.deps.accounts.users.findByEmail("ops@example.com"))?.roles).toBe('["admin"]');
    expect(await bootstrapAdmin(t.deps.accounts, { ...env, WF_ADMIN_EMAIL: "other@example.com" })).toBeNull();
    expect(await t.deps.accounts.users.count()).toBe(1);
  });

  it("nothing set: nothing done; half set or a short password: a clear error and no user", async () => {
    expect(await bootstrapAdmin(t.deps.accounts, {})).toBeNull();
    await expect(bootstrapAdmin(t.deps.accounts, { WF_ADMIN_EMAIL: "a@b.c" })).rejects.toThrow(
      /both WF_ADMIN_EMAIL and WF_ADMIN_PASSWORD/,
    );
    await expect(
      bootstrapAdmin(t.deps.accounts, { WF_ADMIN_EMAIL: "a@b.c", WF_ADMIN_PASSWORD: "short" }),
    ).rejects.toThrow(/at least 10 characters/);
    expect(await t.deps.accounts.users.count()).toBe(0);
  });
});

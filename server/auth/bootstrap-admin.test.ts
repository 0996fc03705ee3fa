/** WF_ADMIN_EMAIL + WF_ADMIN_PASSWORD create the first admin unattended, once; half a pair is a clear error. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";
import { bootstrapAdmin } from "./bootstrap-admin";
import { countUsers } from "./count-users";
import { findUserByEmail } from "./user-store";

let t: TestDeps;
beforeEach(() => {
  t = createTestDeps();
});
afterEach(() => t.cleanup());

describe("bootstrapAdmin", () => {
  it("creates the admin once from the environment", async () => {
    const env = { WF_ADMIN_EMAIL: "Ops@Example.com", WF_ADMIN_PASSWORD: "ops-password-1" };
    expect(await bootstrapAdmin(t.db, env)).toBe("ops@example.com");
    expect(findUserByEmail(t.db, "ops@example.com")?.roles).toBe('["admin"]');
    expect(await bootstrapAdmin(t.db, { ...env, WF_ADMIN_EMAIL: "other@example.com" })).toBeNull();
    expect(countUsers(t.db)).toBe(1);
  });

  it("nothing set: nothing done; half set or a short password: a clear error and no user", async () => {
    expect(await bootstrapAdmin(t.db, {})).toBeNull();
    await expect(bootstrapAdmin(t.db, { WF_ADMIN_EMAIL: "a@b.c" })).rejects.toThrow(
      /both WF_ADMIN_EMAIL and WF_ADMIN_PASSWORD/,
    );
    await expect(bootstrapAdmin(t.db, { WF_ADMIN_EMAIL: "a@b.c", WF_ADMIN_PASSWORD: "short" })).rejects.toThrow(
      /at least 10 characters/,
    );
    expect(countUsers(t.db)).toBe(0);
  });
});

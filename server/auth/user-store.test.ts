/**
 * Users on both databases: create (hashed, lower-cased, exactly one of two racing setups), find, list,
 * count, active or not, and role changes that end the user's sessions — the last enabled admin kept.
 */
import { describe, expect, it } from "vitest";
import { seedUser } from "@/server/test-support/seed-user";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { LiveAccess } from "./live-access";
import { verifyPassword } from "./password";
import { SessionStore } from "./session-store";
import { SetupDoneError, UserExistsError, UserStore } from "./user-store";

// argon2id hashing is deliberately slow on a loaded 2-core machine.
describe.each(SQL_DATABASES)("users on %s", { timeout: 60_000 }, (kind) => {
  const live = new LiveAccess();
  const d = useTestSqlDb(kind, (sql) => ({ users: new UserStore(sql, live), sessions: new SessionStore(sql, live) }));

  const usersTable = async () => JSON.stringify(await d.sql.all("select * from users order by id"));

  it("first run: two setups at once write exactly one admin; then setup is refused", async () => {
    expect(await d.stores.users.count()).toBe(0);
    const setup = (email: string) =>
      d.stores.users.create({ email, password: "admin-password", roles: ["admin"] }, { onlyIfNoUsers: true });
    const results = await Promise.allSettled([setup("one@example.com"), setup("two@example.com")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(SetupDoneError);
    expect(refused.reason.message).toBe("setup is done: an admin already exists, sign in instead");
    expect(await d.stores.users.count()).toBe(1);
    await expect(setup("three@example.com")).rejects.toThrow(SetupDoneError);
  });

  it("create lower-cases the email, hashes the password, dedupes roles; the same email again is refused", async () => {
    const user = await d.stores.users.create({
      email: " Pat@Example.COM ",
      password: "pat-password-1",
      roles: ["editor", "editor"],
    });
    expect(user).toEqual({
      id: expect.stringMatching(/^usr_/),
      email: "pat@example.com",
      roles: ["editor"],
      createdAt: expect.any(Number),
      disabledAt: null,
    });
    const row = (await d.stores.users.findByEmail("PAT@example.com"))!;
    expect(row).toMatchObject({ id: user.id, email: "pat@example.com", roles: '["editor"]', disabledAt: null });
    expect(await verifyPassword(row.passwordHash, "pat-password-1")).toBe(true);
    expect(await d.stores.users.findById(user.id)).toEqual(row);
    expect(await d.stores.users.findById("usr_none")).toBeUndefined();
    const again = d.stores.users.create({ email: "pat@EXAMPLE.com", password: "other-password", roles: ["viewer"] });
    await expect(again).rejects.toThrow(UserExistsError);
    await expect(again).rejects.toThrow("a user pat@example.com already exists");
    expect(await d.stores.users.list()).toContainEqual(user);
  });

  it("isActive: an existing account that is not disabled", async () => {
    const user = await seedUser(d.sql);
    expect(await d.stores.users.isActive(user.id)).toBe(true);
    await d.sql.run("update users set disabled_at = 1 where id = ?", [user.id]);
    expect(await d.stores.users.isActive(user.id)).toBe(false);
    expect(await d.stores.users.isActive("usr_none")).toBe(false);
  });

  it("setRoles changes the roles, ends the user's sessions and live streams", async () => {
    const user = await seedUser(d.sql, ["viewer"]);
    const { token } = await d.stores.sessions.create(user.id);
    const stream = live.signal((await d.stores.sessions.resolve(token))!, new AbortController().signal);
    const changed = await d.stores.users.setRoles(user.id, ["editor", "approver", "editor"]);
    expect(changed).toMatchObject({ id: user.id, roles: ["editor", "approver"] });
    expect(stream.aborted).toBe(true);
    expect(await d.stores.sessions.resolve(token)).toBeNull();
    expect(await d.stores.users.setRoles("usr_none", ["viewer"])).toBeUndefined();
  });

  it("the last enabled admin keeps admin, and the refusal changes nothing", async () => {
    // The admins of the tests before are out of the way: disabled.
    await d.sql.run("update users set disabled_at = 1 where roles like '%admin%'");
    const admin = await seedUser(d.sql, ["admin"]);
    const disabledAdmin = await seedUser(d.sql, ["admin"]);
    await d.sql.run("update users set disabled_at = 1 where id = ?", [disabledAdmin.id]);
    const { token } = await d.stores.sessions.create(admin.id);
    const before = await usersTable();
    await expect(d.stores.users.setRoles(admin.id, ["viewer"])).rejects.toThrow(
      `${admin.email} is the last enabled admin and cannot lose the admin role: give another enabled user the admin role first`,
    );
    expect(await usersTable()).toBe(before);
    expect(await d.stores.sessions.resolve(token)).not.toBeNull();
    // With a second enabled admin it may.
    const second = await seedUser(d.sql, ["admin"]);
    expect(await d.stores.users.setRoles(admin.id, ["viewer"])).toMatchObject({ roles: ["viewer"] });
    await expect(d.stores.users.setRoles(second.id, ["editor"])).rejects.toThrow(/last enabled admin/);
  });
});

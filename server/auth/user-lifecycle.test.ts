/** Disable, enable and delete on both databases: sessions end, tokens stop, the last enabled admin stays. */
import { describe, expect, it } from "vitest";
import { seedUser } from "@/server/test-support/seed-user";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { createAccounts } from "./accounts";
import { UserNotFoundError } from "./user-lifecycle";

describe.each(SQL_DATABASES)("the user lifecycle on %s", (kind) => {
  const d = useTestSqlDb(kind, createAccounts);

  async function signedIn(roles: Parameters<typeof seedUser>[1] = ["editor"]) {
    const user = await seedUser(d.sql, roles);
    const session = (await d.stores.sessions.create(user.id)).token;
    const token = (await d.stores.tokens.create(user.id, "ci")).token;
    const stream = d.stores.live.signal((await d.stores.sessions.resolve(session))!, new AbortController().signal);
    return { ...user, session, token, stream };
  }

  it("disable ends sessions and streams and stops tokens; again keeps the first date; enable lets tokens back", async () => {
    await seedUser(d.sql, ["admin"]);
    const u = await signedIn();
    const disabled = await d.stores.lifecycle.disable(u.id, 1_000);
    expect(disabled).toMatchObject({ id: u.id, email: u.email, disabledAt: 1_000 });
    expect(u.stream.aborted).toBe(true);
    expect(await d.stores.sessions.resolve(u.session)).toBeNull();
    expect(await d.stores.tokens.resolve(u.token)).toBeNull();
    expect(await d.stores.users.isActive(u.id)).toBe(false);
    expect(await d.stores.lifecycle.disable(u.id, 2_000)).toMatchObject({ disabledAt: 1_000 });
    expect((await d.stores.users.findById(u.id))?.disabledAt).toBe(1_000);

    expect(await d.stores.lifecycle.enable(u.id, 3_000)).toMatchObject({ id: u.id, disabledAt: null });
    expect(await d.stores.tokens.resolve(u.token)).not.toBeNull();
    expect(await d.stores.sessions.resolve(u.session)).toBeNull();
  });

  it("delete removes the account with its sessions and tokens", async () => {
    await seedUser(d.sql, ["admin"]);
    const u = await signedIn();
    expect(await d.stores.lifecycle.delete(u.id)).toMatchObject({ id: u.id, email: u.email });
    expect(u.stream.aborted).toBe(true);
    for (const table of ["sessions", "api_tokens"])
      expect(await d.sql.all(`select * from ${table} where user_id = ?`, [u.id])).toEqual([]);
    expect(await d.stores.users.findById(u.id)).toBeUndefined();
  });

  it("an unknown user is not found", async () => {
    const { lifecycle } = d.stores;
    const changes = [
      (id: string) => lifecycle.disable(id),
      (id: string) => lifecycle.enable(id),
      (id: string) => lifecycle.delete(id),
    ];
    for (const change of changes) {
      const refused = change("usr_none");
      await expect(refused).rejects.toThrow(UserNotFoundError);
      await expect(refused).rejects.toThrow("no user usr_none");
    }
  });

  it("the last enabled admin can be neither disabled nor deleted; the refusal changes nothing", async () => {
    await d.sql.run("update users set disabled_at = 1 where roles like '%admin%'");
    const admin = await signedIn(["admin"]);
    const before = JSON.stringify(await d.sql.all("select * from users order by id"));
    await expect(d.stores.lifecycle.disable(admin.id)).rejects.toThrow(
      `${admin.email} is the last enabled admin and cannot be disabled: give another enabled user the admin role first`,
    );
    await expect(d.stores.lifecycle.delete(admin.id)).rejects.toThrow(/last enabled admin and cannot be deleted/);
    expect(JSON.stringify(await d.sql.all("select * from users order by id"))).toBe(before);
    expect(admin.stream.aborted).toBe(false);
    expect(await d.stores.sessions.resolve(admin.session)).not.toBeNull();
    // A disabled admin is not the one keeping the door.
    const other = await seedUser(d.sql, ["admin"]);
    await d.stores.lifecycle.disable(other.id);
    await d.stores.lifecycle.delete(other.id);
  });
});

/** A new password on both databases: stored hashed, the other sessions end (with their streams), tokens stay. */
import { describe, expect, it } from "vitest";
import { seedUser } from "@/server/test-support/seed-user";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { createAccounts } from "./accounts";
import { verifyPassword } from "./password";
import { UserNotFoundError } from "./user-lifecycle";

// argon2id hashing is deliberately slow on a loaded 2-core machine.
describe.each(SQL_DATABASES)("passwords on %s", { timeout: 60_000 }, (kind) => {
  const d = useTestSqlDb(kind, createAccounts);

  it("a change keeps the session that made it and ends the others; a reset ends them all; tokens stay", async () => {
    const user = await seedUser(d.sql);
    const [kept, other] = [await d.stores.sessions.create(user.id), await d.stores.sessions.create(user.id)];
    const token = (await d.stores.tokens.create(user.id, "ci")).token;
    const keptCaller = (await d.stores.sessions.resolve(kept.token))!;
    const keptStream = d.stores.live.signal(keptCaller, new AbortController().signal);
    const otherStream = d.stores.live.signal(
      (await d.stores.sessions.resolve(other.token))!,
      new AbortController().signal,
    );

    expect(await d.stores.passwords.set(user.id, "new-password-1", keptCaller.sessionId!)).toBe(1);
    expect(otherStream.aborted).toBe(true);
    expect(keptStream.aborted).toBe(false);
    expect(await d.stores.sessions.resolve(kept.token)).not.toBeNull();
    expect(await d.stores.sessions.resolve(other.token)).toBeNull();
    expect(await verifyPassword((await d.stores.users.findById(user.id))!.passwordHash, "new-password-1")).toBe(true);

    expect(await d.stores.passwords.set(user.id, "reset-password-1")).toBe(1);
    expect(keptStream.aborted).toBe(true);
    expect(await d.stores.sessions.resolve(kept.token)).toBeNull();
    expect(await d.stores.tokens.resolve(token)).not.toBeNull();
  });

  it("an unknown user is not found and nothing is written", async () => {
    const before = JSON.stringify(await d.sql.all("select * from users order by id"));
    await expect(d.stores.passwords.set("usr_none", "new-password-1")).rejects.toThrow(UserNotFoundError);
    expect(JSON.stringify(await d.sql.all("select * from users order by id"))).toBe(before);
  });
});

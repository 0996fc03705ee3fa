/** Sessions on both databases: created, resolved with the user's roles, expired, swept, deleted with their live streams. */
import { describe, expect, it } from "vitest";
import { seedUser } from "@/server/test-support/seed-user";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { LiveAccess } from "./live-access";
import { sha256Hex } from "./secret-hash";
import { SessionStore, endUserSessions } from "./session-store";

const HOUR = 3_600_000;

describe.each(SQL_DATABASES)("sessions on %s", (kind) => {
  const live = new LiveAccess();
  const d = useTestSqlDb(kind, (sql) => new SessionStore(sql, live));
  const sessions = () => d.stores;

  const rowsOf = (userId: string) =>
    d.sql.all<{ id: string; expires_at: number }>(
      "select id, expires_at from sessions where user_id = ? order by expires_at",
      [userId],
    );

  it("a new session resolves to its user until it expires; only its hash is stored", async () => {
    const user = await seedUser(d.sql, ["editor", "approver"]);
    const now = 1_800_000_000_000;
    const { token, expiresAt } = await sessions().create(user.id, now, 2);
    expect(token).toMatch(/^wfs_/);
    expect(expiresAt).toBe(now + 2 * HOUR);
    expect(await rowsOf(user.id)).toEqual([{ id: sha256Hex(token), expires_at: expiresAt }]);
    expect(await sessions().resolve(token, now + HOUR)).toEqual({
      via: "session",
      userId: user.id,
      email: user.email,
      roles: ["editor", "approver"],
      sessionId: sha256Hex(token),
      expiresAt,
    });
    expect(await sessions().resolve(token, expiresAt)).toBeNull();
    expect(await sessions().resolve("wfs_not-a-session", now)).toBeNull();
  });

  it("a login sweeps the user's expired sessions, not the others'", async () => {
    const [user, other] = [await seedUser(d.sql), await seedUser(d.sql)];
    const old = await sessions().create(user.id, 1_000, 1);
    await sessions().create(other.id, 1_000, 1);
    const fresh = await sessions().create(user.id, 10 * HOUR, 1);
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual([sha256Hex(fresh.token)]);
    expect(await rowsOf(other.id)).toHaveLength(1);
    expect(await sessions().resolve(old.token, 1_500)).toBeNull();
  });

  it("a disabled user's session resolves to nobody", async () => {
    const user = await seedUser(d.sql);
    const { token } = await sessions().create(user.id);
    await d.sql.run("update users set disabled_at = ? where id = ?", [Date.now(), user.id]);
    expect(await sessions().resolve(token)).toBeNull();
  });

  it("delete ends the session and the live streams it opened, and nothing else", async () => {
    const user = await seedUser(d.sql);
    const [one, two] = [await sessions().create(user.id), await sessions().create(user.id)];
    const caller = (await sessions().resolve(one.token))!;
    const stream = live.signal(caller, new AbortController().signal);
    const otherStream = live.signal((await sessions().resolve(two.token))!, new AbortController().signal);
    await sessions().delete(caller.sessionId!);
    expect(stream.aborted).toBe(true);
    expect(otherStream.aborted).toBe(false);
    expect(await sessions().resolve(one.token)).toBeNull();
    expect(await sessions().resolve(two.token)).not.toBeNull();
  });

  it("endUserSessions deletes a user's sessions but the one kept and names them", async () => {
    const user = await seedUser(d.sql);
    const [a, b, c] = [
      await sessions().create(user.id),
      await sessions().create(user.id),
      await sessions().create(user.id),
    ];
    const ended = await d.sql.transaction((tx) => endUserSessions(tx, user.id, sha256Hex(a.token)));
    expect(ended.sort()).toEqual([sha256Hex(b.token), sha256Hex(c.token)].sort());
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual([sha256Hex(a.token)]);
    expect(await d.sql.transaction((tx) => endUserSessions(tx, user.id))).toEqual([sha256Hex(a.token)]);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

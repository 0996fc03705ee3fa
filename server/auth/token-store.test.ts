/** Personal API tokens on both databases: shown once, listed, resolved (last use written once a minute), revoked. */
import { describe, expect, it } from "vitest";
import { seedUser } from "@/server/test-support/seed-user";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { LiveAccess } from "./live-access";
import { sha256Hex } from "./secret-hash";
import { TokenStore } from "./token-store";

describe.each(SQL_DATABASES)("API tokens on %s", (kind) => {
  const live = new LiveAccess();
  const d = useTestSqlDb(kind, (sql) => new TokenStore(sql, live));
  const tokens = () => d.stores;

  const lastUsed = async (id: string) =>
    (await d.sql.get<{ t: number | null }>("select last_used_at as t from api_tokens where id = ?", [id]))!.t;

  it("create returns the token once and its summary; only the hash is stored", async () => {
    const user = await seedUser(d.sql);
    const { token, summary } = await tokens().create(user.id, "ci");
    expect(token).toMatch(/^wft_/);
    expect(summary).toEqual({
      id: expect.stringMatching(/^tok_/),
      name: "ci",
      prefix: token.slice(0, 10),
      userId: user.id,
      email: user.email,
      createdAt: expect.any(Number),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(await tokens().find(summary.id)).toMatchObject({
      id: summary.id,
      tokenHash: sha256Hex(token),
      userId: user.id,
    });
    expect(await tokens().find("tok_none")).toBeUndefined();
  });

  it("lists one token, a user's, or everyone's, newest first", async () => {
    const [user, other] = [await seedUser(d.sql), await seedUser(d.sql)];
    const a = (await tokens().create(user.id, "a")).summary;
    await d.sql.run("update api_tokens set created_at = created_at - 1000 where id = ?", [a.id]);
    const b = (await tokens().create(user.id, "b")).summary;
    const c = (await tokens().create(other.id, "c")).summary;
    expect((await tokens().list({ userId: user.id })).map((t) => t.name)).toEqual(["b", "a"]);
    expect((await tokens().list({ tokenId: c.id })).map((t) => t.name)).toEqual(["c"]);
    const everyone = (await tokens().list()).map((t) => t.id);
    expect(everyone).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(everyone.indexOf(b.id)).toBeLessThan(everyone.indexOf(a.id));
  });

  it("resolves to its owner and writes the last use at most once a minute", async () => {
    const user = await seedUser(d.sql, ["viewer"]);
    const { token, summary } = await tokens().create(user.id, "cli");
    const now = 1_800_000_000_000;
    expect(await tokens().resolve(token, now)).toEqual({
      via: "token",
      userId: user.id,
      email: user.email,
      roles: ["viewer"],
      sessionId: null,
      tokenId: summary.id,
    });
    expect(await lastUsed(summary.id)).toBe(now);
    await tokens().resolve(token, now + 59_000);
    expect(await lastUsed(summary.id)).toBe(now);
    await tokens().resolve(token, now + 61_000);
    expect(await lastUsed(summary.id)).toBe(now + 61_000);
    expect(await tokens().resolve("wft_not-a-token", now)).toBeNull();
  });

  it("a disabled owner's token resolves to nobody until the owner is enabled again", async () => {
    const user = await seedUser(d.sql);
    const { token } = await tokens().create(user.id, "ci");
    await d.sql.run("update users set disabled_at = 1 where id = ?", [user.id]);
    expect(await tokens().resolve(token)).toBeNull();
    await d.sql.run("update users set disabled_at = null where id = ?", [user.id]);
    expect(await tokens().resolve(token)).not.toBeNull();
  });

  it("revoke keeps the first date, stops the token and ends its live streams", async () => {
    const user = await seedUser(d.sql);
    const { token, summary } = await tokens().create(user.id, "ci");
    const stream = live.signal((await tokens().resolve(token))!, new AbortController().signal);
    await tokens().revoke(summary.id, 5_000);
    expect(stream.aborted).toBe(true);
    await tokens().revoke(summary.id, 9_000);
    expect((await tokens().find(summary.id))?.revokedAt).toBe(5_000);
    expect(await tokens().resolve(token)).toBeNull();
  });
});

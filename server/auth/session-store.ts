/**
 * Server-side sessions. The cookie carries a random token; the row is keyed by its SHA-256, so
 * logout, expiry, role changes and a disabled account take effect on the next request (one
 * primary-key lookup joined to the user).
 */
import type { SqlDb, SqlQueries } from "@/server/db/sql/sql-db";
import type { Caller } from "./caller";
import type { LiveAccess } from "./live-access";
import { newBearerSecret, sha256Hex } from "./secret-hash";
import { parseRoles } from "./user-store";

/**
 * Deletes every session of `userId` but `keepSessionId` (a password change keeps the session that
 * made it) and returns their ids: the caller ends their live streams once its change is committed.
 */
export async function endUserSessions(q: SqlQueries, userId: string, keepSessionId?: string): Promise<string[]> {
  const rows = keepSessionId
    ? await q.all<{ id: string }>("delete from sessions where user_id = ? and id <> ? returning id", [
        userId,
        keepSessionId,
      ])
    : await q.all<{ id: string }>("delete from sessions where user_id = ? returning id", [userId]);
  return rows.map((r) => r.id);
}

export class SessionStore {
  constructor(
    private readonly sql: SqlDb,
    private readonly live: LiveAccess,
  ) {}

  /** A new session lasting `hours` (the configuration's WF_SESSION_HOURS, default 7 days). */
  async create(userId: string, now = Date.now(), hours = 24 * 7): Promise<{ token: string; expiresAt: number }> {
    const token = newBearerSecret("wfs_");
    const expiresAt = now + hours * 3_600_000;
    // Expired rows of this user are swept on login, so the table stays small without a timer.
    await this.sql.run("delete from sessions where user_id = ? and expires_at < ?", [userId, now]);
    await this.sql.run("insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)", [
      sha256Hex(token),
      userId,
      now,
      expiresAt,
    ]);
    return { token, expiresAt };
  }

  async resolve(token: string, now = Date.now()): Promise<Caller | null> {
    const id = sha256Hex(token);
    const row = await this.sql.get<{ user_id: string; email: string; roles: string; expires_at: number }>(
      `select u.id as user_id, u.email, u.roles, s.expires_at from sessions s join users u on u.id = s.user_id
        where s.id = ? and s.expires_at > ? and u.disabled_at is null`,
      [id, now],
    );
    if (!row) return null;
    return {
      via: "session",
      userId: row.user_id,
      email: row.email,
      roles: parseRoles(row.roles),
      sessionId: id,
      expiresAt: row.expires_at,
    };
  }

  /** Logout: the session row goes, and so do the live streams it opened. */
  async delete(sessionId: string): Promise<void> {
    await this.sql.run("delete from sessions where id = ?", [sessionId]);
    this.live.end({ sessionId });
  }
}

/**
 * Server-side sessions. The cookie carries a random token; the row is keyed by its SHA-256, so
 * logout, expiry, role changes and a disabled account take effect on the next request (one
 * primary-key lookup joined to the user).
 */
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "@/server/db/open-database";
import { sessions, users } from "@/server/db/schema";
import type { Caller } from "./caller";
import { endLiveAccess } from "./live-access";
import { newBearerSecret, sha256Hex } from "./secret-hash";
import { parseRoles } from "./user-store";

/** A new session lasting `hours` (the configuration's WF_SESSION_HOURS, default 7 days). */
export function createSession(
  db: Db,
  userId: string,
  now = Date.now(),
  hours = 24 * 7,
): { token: string; expiresAt: number } {
  const token = newBearerSecret("wfs_");
  const expiresAt = now + hours * 3_600_000;
  // Expired rows of this user are swept on login, so the table stays small without a timer.
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)))
    .run();
  db.insert(sessions)
    .values({ id: sha256Hex(token), userId, createdAt: now, expiresAt })
    .run();
  return { token, expiresAt };
}

export function resolveSession(db: Db, token: string, now = Date.now()): Caller | null {
  const id = sha256Hex(token);
  const row = db
    .select({ userId: users.id, email: users.email, roles: users.roles, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.disabledAt)))
    .get();
  if (!row) return null;
  return {
    via: "session",
    userId: row.userId,
    email: row.email,
    roles: parseRoles(row.roles),
    sessionId: id,
    expiresAt: row.expiresAt,
  };
}

/** Logout: the session row goes, and so do the live streams it opened. */
export function deleteSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
  endLiveAccess({ sessionId });
}

/**
 * Deletes every session of `userId` but `keepSessionId` (a password change keeps the session that
 * made it) and returns their ids: the caller ends their live streams once its change is committed.
 */
export function endUserSessions(db: Pick<Db, "select" | "delete">, userId: string, keepSessionId?: string): string[] {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(where)
    .all()
    .map((r) => r.id);
  db.delete(sessions).where(where).run();
  return ended;
}

/**
 * A new password for an account: the user's own change (`auth.changePassword`, which keeps the
 * session that made it and ends the others) or an admin's reset (`user.resetPassword`, which ends
 * them all). Tokens stay: they are separate credentials, revoked on their own.
 */
import type { SqlDb } from "@/server/db/sql/sql-db";
import type { LiveAccess } from "./live-access";
import { hashPassword } from "./password";
import { endUserSessions } from "./session-store";
import { UserNotFoundError } from "./user-lifecycle";

export class UserPasswords {
  constructor(
    private readonly sql: SqlDb,
    private readonly live: LiveAccess,
  ) {}

  /** Stores the new hash and ends the user's sessions but `keepSessionId`, with their live streams. Returns how many ended. */
  async set(userId: string, newPassword: string, keepSessionId?: string): Promise<number> {
    // Hashed before the transaction: its body awaits only its own statements.
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.sql.transaction(async (tx) => {
      const row = await tx.get("update users set password_hash = ?, updated_at = ? where id = ? returning id", [
        passwordHash,
        Date.now(),
        userId,
      ]);
      if (!row) throw new UserNotFoundError(userId);
      return endUserSessions(tx, userId, keepSessionId);
    });
    for (const sessionId of ended) this.live.end({ sessionId });
    return ended.length;
  }
}

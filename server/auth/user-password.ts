/**
 * A new password for an account: the user's own change (`auth.changePassword`, which keeps the
 * session that made it and ends the others) or an admin's reset (`user.resetPassword`, which ends
 * them all). Tokens stay: they are separate credentials, revoked on their own.
 */
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/open-database";
import { users } from "@/server/db/schema";
import { endLiveAccess } from "./live-access";
import { hashPassword } from "./password";
import { endUserSessions } from "./session-store";
import { UserNotFoundError } from "./user-lifecycle";

/** Stores the new hash and ends the user's sessions but `keepSessionId`, with their live streams. Returns how many ended. */
export async function setUserPassword(
  db: Db,
  userId: string,
  newPassword: string,
  keepSessionId?: string,
): Promise<number> {
  const passwordHash = await hashPassword(newPassword);
  const ended = db.transaction(
    (tx) => {
      const row = tx
        .update(users)
        .set({ passwordHash, updatedAt: Date.now() })
        .where(eq(users.id, userId))
        .returning({ id: users.id })
        .get();
      if (!row) throw new UserNotFoundError(userId);
      return endUserSessions(tx, userId, keepSessionId);
    },
    { behavior: "immediate" },
  );
  for (const sessionId of ended) endLiveAccess({ sessionId });
  return ended.length;
}

/**
 * Shutting a person out (admin): disable (kept, can be enabled again), enable, delete (the account,
 * its sessions and tokens go; audit entries and runs keep the email). Disabling or deleting ends
 * the user's sessions and open live streams at once, and their tokens stop resolving (a disabled
 * user's tokens work again once enabled). The last enabled admin cannot be disabled or deleted.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/open-database";
import { sessions, users } from "@/server/db/schema";
import { endLiveAccess } from "./live-access";
import { LastAdminError, otherEnabledAdmins, parseRoles, toPublicUser, type PublicUser } from "./user-store";

export class UserNotFoundError extends Error {
  override name = "UserNotFoundError";
  constructor(id: string) {
    super(`no user ${id}`);
  }
}

/** One immediate transaction: read the user, refuse the last enabled admin, change, end sessions. */
function changeAccess(
  db: Db,
  id: string,
  what: "disabled" | "deleted",
  change: (tx: Pick<Db, "update" | "delete">) => void,
): PublicUser {
  const user = db.transaction(
    (tx) => {
      const row = tx.select().from(users).where(eq(users.id, id)).get();
      if (!row) throw new UserNotFoundError(id);
      if (row.disabledAt === null && parseRoles(row.roles).includes("admin") && otherEnabledAdmins(tx, id) === 0)
        throw new LastAdminError(row.email, `cannot be ${what}`);
      tx.delete(sessions).where(eq(sessions.userId, id)).run();
      change(tx);
      return toPublicUser(row);
    },
    { behavior: "immediate" },
  );
  endLiveAccess({ userId: id });
  return user;
}

/** Disables the account (idempotent: an already disabled one keeps its first date). */
export function disableUser(db: Db, id: string, now = Date.now()): PublicUser {
  const before = changeAccess(db, id, "disabled", (tx) =>
    tx
      .update(users)
      .set({ disabledAt: now, updatedAt: now })
      .where(and(eq(users.id, id), isNull(users.disabledAt)))
      .run(),
  );
  return { ...before, disabledAt: before.disabledAt ?? now };
}

export function enableUser(db: Db, id: string, now = Date.now()): PublicUser {
  const row = db.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, id)).returning().get();
  if (!row) throw new UserNotFoundError(id);
  return toPublicUser(row);
}

/** Deletes the account; its sessions and tokens go with it (foreign keys cascade). */
export function deleteUser(db: Db, id: string): PublicUser {
  return changeAccess(db, id, "deleted", (tx) => tx.delete(users).where(eq(users.id, id)).run());
}

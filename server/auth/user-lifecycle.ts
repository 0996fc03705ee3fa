/**
 * Shutting a person out (admin): disable (kept, can be enabled again), enable, delete (the account,
 * its sessions and tokens go; audit entries and runs keep the email). Disabling or deleting ends
 * the user's sessions and open live streams at once, and their tokens stop resolving (a disabled
 * user's tokens work again once enabled). The last enabled admin cannot be disabled or deleted.
 */
import type { RawRow } from "@/server/db/map-raw-row";
import type { SqlDb, SqlQueries } from "@/server/db/sql/sql-db";
import type { LiveAccess } from "./live-access";
import {
  LastAdminError,
  findUserRow,
  otherEnabledAdmins,
  parseRoles,
  toPublicUser,
  toUserRow,
  type PublicUser,
} from "./user-store";

export class UserNotFoundError extends Error {
  override name = "UserNotFoundError";
  constructor(id: string) {
    super(`no user ${id}`);
  }
}

export class UserLifecycle {
  constructor(
    private readonly sql: SqlDb,
    private readonly live: LiveAccess,
  ) {}

  /** Disables the account (idempotent: an already disabled one keeps its first date). */
  async disable(id: string, now = Date.now()): Promise<PublicUser> {
    const before = await this.changeAccess(id, "disabled", (tx) =>
      tx.run("update users set disabled_at = ?, updated_at = ? where id = ? and disabled_at is null", [now, now, id]),
    );
    return { ...before, disabledAt: before.disabledAt ?? now };
  }

  async enable(id: string, now = Date.now()): Promise<PublicUser> {
    const row = await this.sql.get<RawRow>(
      "update users set disabled_at = null, updated_at = ? where id = ? returning *",
      [now, id],
    );
    if (!row) throw new UserNotFoundError(id);
    return toPublicUser(toUserRow(row));
  }

  /** Deletes the account; its sessions and tokens go with it (foreign keys cascade). */
  delete(id: string): Promise<PublicUser> {
    return this.changeAccess(id, "deleted", (tx) => tx.run("delete from users where id = ?", [id]));
  }

  /** One transaction: read the user, refuse the last enabled admin, change, end sessions. */
  private async changeAccess(
    id: string,
    what: "disabled" | "deleted",
    change: (tx: SqlQueries) => Promise<unknown>,
  ): Promise<PublicUser> {
    const user = await this.sql.transaction(async (tx) => {
      const row = await findUserRow(tx, id);
      if (!row) throw new UserNotFoundError(id);
      if (
        row.disabledAt === null &&
        parseRoles(row.roles).includes("admin") &&
        (await otherEnabledAdmins(tx, id)) === 0
      )
        throw new LastAdminError(row.email, `cannot be ${what}`);
      await tx.run("delete from sessions where user_id = ?", [id]);
      await change(tx);
      return toPublicUser(row);
    });
    this.live.end({ userId: id });
    return user;
  }
}

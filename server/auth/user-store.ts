/** Users and their roles. Emails are compared lower-cased; the password hash never leaves this file's callers on the server. */
import * as z from "zod";
import { rawRowMapper, type RawRow } from "@/server/db/map-raw-row";
import { newId } from "@/server/db/new-id";
import { users, type UserRow } from "@/server/db/schema";
import type { SqlDb, SqlQueries } from "@/server/db/sql/sql-db";
import { RoleSchema, type Role } from "@/lib/access/roles";
import { countUsers } from "./count-users";
import type { LiveAccess } from "./live-access";
import { hashPassword } from "./password";

export const EmailSchema = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, "an email address like name@example.com")
  .transform((e) => e.toLowerCase());

export interface PublicUser {
  id: string;
  email: string;
  roles: Role[];
  createdAt: number;
  /** When an admin disabled the account; null while it is enabled. */
  disabledAt: number | null;
}

export function parseRoles(json: string): Role[] {
  const parsed = z.array(RoleSchema).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    roles: parseRoles(row.roles),
    createdAt: row.createdAt,
    disabledAt: row.disabledAt,
  };
}

/** A `users` row as read by either database. */
export const toUserRow = rawRowMapper(users);

export async function findUserRow(q: SqlQueries, id: string): Promise<UserRow | undefined> {
  const raw = await q.get<RawRow>("select * from users where id = ?", [id]);
  return raw && toUserRow(raw);
}

export class UserExistsError extends Error {
  override name = "UserExistsError";
}

/** `auth.setup` lost a race, or came after the first account: nothing was written. */
export class SetupDoneError extends Error {
  override name = "SetupDoneError";
  constructor() {
    super("setup is done: an admin already exists, sign in instead");
  }
}

/** Enabled accounts holding `admin`, other than `exceptId`. */
export async function otherEnabledAdmins(q: SqlQueries, exceptId: string): Promise<number> {
  const rows = await q.all<{ roles: string }>("select roles from users where disabled_at is null and id <> ?", [
    exceptId,
  ]);
  return rows.filter((u) => parseRoles(u.roles).includes("admin")).length;
}

/** Refused changes leave the account as it was. */
export class LastAdminError extends Error {
  override name = "LastAdminError";
  /** `refused`: "cannot be disabled", "cannot lose the admin role", … */
  constructor(email: string, refused: string) {
    super(`${email} is the last enabled admin and ${refused}: give another enabled user the admin role first`);
  }
}

const anyUser = (q: SqlQueries) => q.get("select id from users limit 1");

export class UserStore {
  constructor(
    private readonly sql: SqlDb,
    private readonly live: LiveAccess,
  ) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const raw = await this.sql.get<RawRow>("select * from users where email = ?", [email.trim().toLowerCase()]);
    return raw && toUserRow(raw);
  }

  findById(id: string): Promise<UserRow | undefined> {
    return findUserRow(this.sql, id);
  }

  async list(): Promise<PublicUser[]> {
    const rows = await this.sql.all<RawRow>("select * from users order by created_at");
    return rows.map((raw) => toPublicUser(toUserRow(raw)));
  }

  /** How many accounts exist (0: first run). */
  count(): Promise<number> {
    return countUsers(this.sql);
  }

  /**
   * Whether `userId` names an account that may act now: it exists and is not disabled. Sessions and
   * tokens check this on every request; work done later on someone's behalf (a trigger firing as
   * its creator) must check it too.
   */
  async isActive(userId: string): Promise<boolean> {
    return !!(await this.sql.get("select id from users where id = ? and disabled_at is null", [userId]));
  }

  /**
   * Creates an account. The password is hashed first; the existence checks and the insert are then
   * one transaction (serialised with every other), so two concurrent calls for the same email (or two
   * first-run setups, `onlyIfNoUsers`) write exactly one row and the other gets UserExistsError /
   * SetupDoneError.
   */
  async create(
    input: { email: string; password: string; roles: Role[] },
    options: { onlyIfNoUsers?: boolean } = {},
  ): Promise<PublicUser> {
    const email = input.email.trim().toLowerCase();
    // Cheap refusals before the slow hash; checked again below, where it counts.
    if (options.onlyIfNoUsers && (await anyUser(this.sql))) throw new SetupDoneError();
    if (await this.findByEmail(email)) throw new UserExistsError(`a user ${email} already exists`);
    const passwordHash = await hashPassword(input.password);
    const roles = JSON.stringify([...new Set(input.roles)]);
    const inserted = await this.sql.transaction(async (tx) => {
      if (options.onlyIfNoUsers && (await anyUser(tx))) throw new SetupDoneError();
      return tx.get<RawRow>(
        `insert into users (id, email, password_hash, roles) values (?, ?, ?, ?)
          on conflict (email) do nothing returning *`,
        [newId("usr"), email, passwordHash, roles],
      );
    });
    if (!inserted) throw new UserExistsError(`a user ${email} already exists`);
    return toPublicUser(toUserRow(inserted));
  }

  /**
   * Changes roles and ends the user's sessions and open live streams, so the change takes effect at
   * once (a stream reconnects and is checked against the new roles). Taking `admin` from the last
   * enabled admin throws LastAdminError and changes nothing.
   */
  async setRoles(id: string, roles: Role[]): Promise<PublicUser | undefined> {
    const user = await this.sql.transaction(async (tx) => {
      const before = await findUserRow(tx, id);
      if (!before) return undefined;
      const isAdmin = parseRoles(before.roles).includes("admin");
      if (isAdmin && before.disabledAt === null && !roles.includes("admin") && (await otherEnabledAdmins(tx, id)) === 0)
        throw new LastAdminError(before.email, "cannot lose the admin role");
      const row = await tx.get<RawRow>("update users set roles = ?, updated_at = ? where id = ? returning *", [
        JSON.stringify([...new Set(roles)]),
        Date.now(),
        id,
      ]);
      await tx.run("delete from sessions where user_id = ?", [id]);
      return row && toPublicUser(toUserRow(row));
    });
    if (user) this.live.end({ userId: id });
    return user;
  }
}

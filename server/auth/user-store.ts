/** Users and their roles. Emails are compared lower-cased; the password hash never leaves this file's callers on the server. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import * as z from "zod";
import type { Db } from "@/server/db/open-database";
import { newId } from "@/server/db/new-id";
import { sessions, users, type UserRow } from "@/server/db/schema";
import { RoleSchema, type Role } from "@/lib/access/roles";
import { endLiveAccess } from "./live-access";
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

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export function findUserById(db: Db, id: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function listUsers(db: Db): PublicUser[] {
  return db.select().from(users).orderBy(asc(users.createdAt)).all().map(toPublicUser);
}

/**
 * Whether `userId` names an account that may act now: it exists and is not disabled. Sessions and
 * tokens check this on every request; work done later on someone's behalf (a trigger firing as
 * its creator) must check it too.
 */
export function isUserActive(db: Db, userId: string): boolean {
  return !!db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .get();
}

/**
 * Creates an account. The password is hashed first; the existence checks and the insert are then
 * one immediate transaction, so two concurrent calls for the same email (or two first-run setups,
 * `onlyIfNoUsers`) write exactly one row and the other gets UserExistsError / SetupDoneError.
 */
export async function createUser(
  db: Db,
  input: { email: string; password: string; roles: Role[] },
  options: { onlyIfNoUsers?: boolean } = {},
): Promise<PublicUser> {
  const email = input.email.trim().toLowerCase();
  // Cheap refusals before the slow hash; checked again below, where it counts.
  if (options.onlyIfNoUsers && db.select({ id: users.id }).from(users).limit(1).get()) throw new SetupDoneError();
  if (findUserByEmail(db, email)) throw new UserExistsError(`a user ${email} already exists`);
  const passwordHash = await hashPassword(input.password);
  const row = db.transaction(
    (tx) => {
      if (options.onlyIfNoUsers && tx.select({ id: users.id }).from(users).limit(1).get()) throw new SetupDoneError();
      const inserted = tx
        .insert(users)
        .values({ id: newId("usr"), email, passwordHash, roles: JSON.stringify([...new Set(input.roles)]) })
        .onConflictDoNothing({ target: users.email })
        .returning()
        .get();
      if (!inserted) throw new UserExistsError(`a user ${email} already exists`);
      return inserted;
    },
    { behavior: "immediate" },
  );
  return toPublicUser(row);
}

/** Enabled accounts holding `admin`, other than `exceptId`. */
export function otherEnabledAdmins(db: Pick<Db, "select">, exceptId: string): number {
  return db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(isNull(users.disabledAt), sql`${users.id} <> ${exceptId}`))
    .all()
    .filter((u) => parseRoles(u.roles).includes("admin")).length;
}

/** Refused changes leave the account as it was. */
export class LastAdminError extends Error {
  override name = "LastAdminError";
  /** `refused`: "cannot be disabled", "cannot lose the admin role", … */
  constructor(email: string, refused: string) {
    super(`${email} is the last enabled admin and ${refused}: give another enabled user the admin role first`);
  }
}

/**
 * Changes roles and ends the user's sessions and open live streams, so the change takes effect at
 * once (a stream reconnects and is checked against the new roles). Taking `admin` from the last
 * enabled admin throws LastAdminError and changes nothing.
 */
export function setUserRoles(db: Db, id: string, roles: Role[]): PublicUser | undefined {
  const user = db.transaction(
    (tx) => {
      const before = tx.select().from(users).where(eq(users.id, id)).get();
      if (!before) return undefined;
      const isAdmin = parseRoles(before.roles).includes("admin");
      if (isAdmin && before.disabledAt === null && !roles.includes("admin") && otherEnabledAdmins(tx, id) === 0)
        throw new LastAdminError(before.email, "cannot lose the admin role");
      const row = tx
        .update(users)
        .set({ roles: JSON.stringify([...new Set(roles)]), updatedAt: Date.now() })
        .where(eq(users.id, id))
        .returning()
        .get();
      tx.delete(sessions).where(eq(sessions.userId, id)).run();
      return row ? toPublicUser(row) : undefined;
    },
    { behavior: "immediate" },
  );
  if (user) endLiveAccess({ userId: id });
  return user;
}

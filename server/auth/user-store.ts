/** Users and their roles. Emails are compared lower-cased; the password hash never leaves this file's callers on the server. */
import { asc, eq } from "drizzle-orm";
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
}

export function parseRoles(json: string): Role[] {
  const parsed = z.array(RoleSchema).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, email: row.email, roles: parseRoles(row.roles), createdAt: row.createdAt };
}

export class UserExistsError extends Error {
  override name = "UserExistsError";
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export function listUsers(db: Db): PublicUser[] {
  return db.select().from(users).orderBy(asc(users.createdAt)).all().map(toPublicUser);
}

export async function createUser(
  db: Db,
  input: { email: string; password: string; roles: Role[] },
): Promise<PublicUser> {
  const email = input.email.trim().toLowerCase();
  if (findUserByEmail(db, email)) throw new UserExistsError(`a user ${email} already exists`);
  const passwordHash = await hashPassword(input.password);
  const row = db
    .insert(users)
    .values({ id: newId("usr"), email, passwordHash, roles: JSON.stringify([...new Set(input.roles)]) })
    .returning()
    .get();
  return toPublicUser(row);
}

/**
 * Changes roles and ends the user's sessions and open live streams, so the change takes effect at
 * once (a stream reconnects and is checked against the new roles).
 */
export function setUserRoles(db: Db, id: string, roles: Role[]): PublicUser | undefined {
  const user = db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({ roles: JSON.stringify([...new Set(roles)]), updatedAt: Date.now() })
      .where(eq(users.id, id))
      .returning()
      .get();
    if (row) tx.delete(sessions).where(eq(sessions.userId, id)).run();
    return row ? toPublicUser(row) : undefined;
  });
  if (user) endLiveAccess({ userId: id });
  return user;
}

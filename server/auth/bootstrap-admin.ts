/**
 * Unattended first run: WF_ADMIN_EMAIL + WF_ADMIN_PASSWORD create the admin when no user exists
 * (containers, CI). Without them the first visitor of /setup creates it.
 */
import type { Db } from "@/server/db/open-database";
import { recordAudit } from "./audit-log";
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";
import { countUsers } from "./count-users";
import { SetupDoneError, createUser } from "./user-store";

export class BootstrapAdminError extends Error {
  override name = "BootstrapAdminError";
}

/** The created admin's email, or null when nothing was to be done. */
export async function bootstrapAdmin(
  db: Db,
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  const email = env.WF_ADMIN_EMAIL?.trim();
  const password = env.WF_ADMIN_PASSWORD;
  if (!email && !password) return null;
  if (!email || !password)
    throw new BootstrapAdminError("set both WF_ADMIN_EMAIL and WF_ADMIN_PASSWORD to create the admin, or neither");
  if (countUsers(db) > 0) return null;
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new BootstrapAdminError(`WF_ADMIN_PASSWORD must have at least ${MIN_PASSWORD_LENGTH} characters`);
  let user;
  try {
    user = await createUser(db, { email, password, roles: ["admin"] }, { onlyIfNoUsers: true });
  } catch (err) {
    // Another process created the first account meanwhile: nothing to do.
    if (err instanceof SetupDoneError) return null;
    throw err;
  }
  recordAudit(db, {
    actor: "WF_ADMIN_EMAIL",
    action: "user.create",
    target: user.email,
    detail: { roles: user.roles },
  });
  return user.email;
}

/**
 * Unattended first run: WF_ADMIN_EMAIL + WF_ADMIN_PASSWORD create the admin when no user exists
 * (containers, CI). Without them the first visitor of /setup creates it.
 */
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";
import type { Accounts } from "./accounts";
import { SetupDoneError } from "./user-store";

export class BootstrapAdminError extends Error {
  override name = "BootstrapAdminError";
}

/** The created admin's email, or null when nothing was to be done. */
export async function bootstrapAdmin(
  accounts: Pick<Accounts, "users" | "audit">,
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  const email = env.WF_ADMIN_EMAIL?.trim();
  const password = env.WF_ADMIN_PASSWORD;
  if (!email && !password) return null;
  if (!email || !password)
    throw new BootstrapAdminError("set both WF_ADMIN_EMAIL and WF_ADMIN_PASSWORD to create the admin, or neither");
  if ((await accounts.users.count()) > 0) return null;
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new BootstrapAdminError(`WF_ADMIN_PASSWORD must have at least ${MIN_PASSWORD_LENGTH} characters`);
  let user;
  try {
    user = await accounts.users.create({ email, password, roles: ["admin"] }, { onlyIfNoUsers: true });
  } catch (err) {
    // Another process created the first account meanwhile: nothing to do.
    if (err instanceof SetupDoneError) return null;
    throw err;
  }
  await accounts.audit.record({
    actor: "WF_ADMIN_EMAIL",
    action: "user.create",
    target: user.email,
    detail: { roles: user.roles },
  });
  return user.email;
}

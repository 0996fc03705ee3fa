/**
 * A trigger acts as its creator: each fire checks that the creator may still start runs (an enabled
 * account with the editor role), asking the accounts' `UserStore`. Created with the server's
 * WF_API_TOKEN, it may while that token is set.
 */
import { hasRole } from "@/lib/access/roles";
import { parseRoles, type UserStore } from "@/server/auth/user-store";
import type { TriggerCreator } from "./trigger-store";

/** What a fire asks of the accounts. */
export type CreatorAccounts = Pick<UserStore, "findById">;

/** Why the creator may not start a run now, or undefined when they may. */
export async function creatorRefusal(
  users: CreatorAccounts,
  creator: TriggerCreator,
  apiTokenSet: boolean,
): Promise<string | undefined> {
  if (creator.userId === null)
    return apiTokenSet ? undefined : "it was created with WF_API_TOKEN, which this server no longer has";
  const account = await users.findById(creator.userId);
  if (!account) return `its creator ${creator.email} no longer exists`;
  // An account an admin disabled carries `disabled_at`.
  if (account.disabledAt !== null) return `its creator ${creator.email} is disabled`;
  return hasRole(parseRoles(account.roles), "editor")
    ? undefined
    : `its creator ${creator.email} no longer has the editor role`;
}

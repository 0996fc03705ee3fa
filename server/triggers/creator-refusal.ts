/**
 * A trigger acts as its creator: each fire checks that the creator may still start runs (an enabled
 * account with the editor role). Created with the server's WF_API_TOKEN, it may while that token is set.
 */
import { hasRole, ROLES, type Role } from "@/lib/access/roles";
import type { TriggerCreator, TriggerStore } from "./trigger-store";

/** Why the creator may not start a run now, or undefined when they may. */
export async function creatorRefusal(
  store: Pick<TriggerStore, "creatorAccount">,
  creator: TriggerCreator,
  apiTokenSet: boolean,
): Promise<string | undefined> {
  if (creator.userId === null)
    return apiTokenSet ? undefined : "it was created with WF_API_TOKEN, which this server no longer has";
  const account = await store.creatorAccount(creator.userId);
  if (!account) return `its creator ${creator.email} no longer exists`;
  if (account.disabled) return `its creator ${creator.email} is disabled`;
  const roles = account.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return hasRole(roles, "editor") ? undefined : `its creator ${creator.email} no longer has the editor role`;
}

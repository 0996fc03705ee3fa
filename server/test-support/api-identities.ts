/**
 * Test helper: the callers of the access tests as HTTP headers: a signed-in user per role (real
 * users and server-side sessions), anonymous, a bad bearer token and an expired session.
 */
import type { Role } from "@/lib/access/roles";
import type { Accounts } from "@/server/auth/accounts";
import { SESSION_COOKIE } from "@/server/auth/session-cookie";

export type Identity = Role | "anonymous" | "bad token" | "expired session";
export const IDENTITIES: Identity[] = [
  "viewer",
  "editor",
  "approver",
  "admin",
  "anonymous",
  "bad token",
  "expired session",
];

export async function identityHeaders(
  accounts: Pick<Accounts, "users" | "sessions">,
): Promise<Record<Identity, Record<string, string>>> {
  const { users, sessions } = accounts;
  const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
  const out = {} as Record<Identity, Record<string, string>>;
  for (const role of ["viewer", "editor", "approver", "admin"] as Role[]) {
    const user = await users.create({ email: `${role}@access.test`, password: `${role}-password-1`, roles: [role] });
    out[role] = cookie((await sessions.create(user.id)).token);
  }
  const old = await users.create({ email: "expired@access.test", password: "expired-password", roles: ["admin"] });
  out["expired session"] = cookie((await sessions.create(old.id, Date.now() - 400 * 24 * 3_600_000)).token);
  out.anonymous = {};
  out["bad token"] = { authorization: "Bearer wft_not-a-real-token" };
  return out;
}

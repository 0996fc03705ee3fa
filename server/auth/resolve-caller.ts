/**
 * Who is calling, from the request headers: `Authorization: Bearer <token>` (WF_API_TOKEN or a
 * personal token) or the session cookie. A bearer header that matches nothing is an anonymous
 * caller (→ 401), never a fallback to the cookie.
 */
import { timingSafeEqual } from "node:crypto";
import type { Accounts } from "./accounts";
import type { Caller } from "./caller";
import { SESSION_COOKIE, readCookie } from "./session-cookie";

const ENV_TOKEN_CALLER: Caller = {
  via: "env-token",
  userId: null,
  email: "WF_API_TOKEN",
  roles: ["admin"],
  sessionId: null,
};

function equalsEnvToken(token: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerToken(headers: Headers): string | null {
  const auth = headers.get("authorization");
  if (!auth) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return m ? m[1]! : "";
}

/** `config.apiToken`: WF_API_TOKEN as the composition root read it (none: no such token). */
export async function resolveCaller(
  accounts: Pick<Accounts, "sessions" | "tokens">,
  headers: Headers,
  config: { apiToken?: string },
): Promise<Caller | null> {
  const bearer = bearerToken(headers);
  if (bearer !== null) {
    if (!bearer) return null;
    if (equalsEnvToken(bearer, config.apiToken)) return ENV_TOKEN_CALLER;
    return accounts.tokens.resolve(bearer);
  }
  const session = readCookie(headers.get("cookie"), SESSION_COOKIE);
  return session ? accounts.sessions.resolve(session) : null;
}

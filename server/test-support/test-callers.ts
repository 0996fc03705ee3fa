/** Test helper: server-side tRPC callers acting as a given role (no HTTP, no cookie). */
import { createCaller } from "@/server/api/root";
import type { Role } from "@/lib/access/roles";
import type { Caller } from "@/server/auth/caller";

export function testCallerIdentity(
  roles: readonly Role[] = ["admin"],
  email = `${roles.join("-")}@test.local`,
): Caller {
  return { via: "token", userId: `user-${roles.join("-")}`, email, roles, sessionId: null };
}

/** `callerAs(["viewer"]).run.list()`; defaults to an admin. */
export function callerAs(roles: readonly Role[] = ["admin"], opts: { signal?: AbortSignal; email?: string } = {}) {
  return createCaller(
    { headers: new Headers(), caller: testCallerIdentity(roles, opts.email) },
    opts.signal ? { signal: opts.signal } : undefined,
  );
}

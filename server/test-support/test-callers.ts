/** Test helper: server-side tRPC callers acting as a given role (no HTTP, no cookie). */
import { createCaller } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/procedures/trpc";
import type { Role } from "@/lib/access/roles";
import type { Caller } from "@/server/auth/caller";
import type { ServerDeps } from "@/server/runtime/server-deps";

export function testCallerIdentity(
  roles: readonly Role[] = ["admin"],
  email = `${roles.join("-")}@test.local`,
): Caller {
  return { via: "token", userId: `user-${roles.join("-")}`, email, roles, sessionId: null };
}

/** The dependencies a caller acts on: an object, or a getter read per call (a test file's current test). */
export type DepsSource = ServerDeps | (() => { deps: ServerDeps });

function depsOf(source: DepsSource): ServerDeps {
  return typeof source === "function" ? source().deps : source;
}

/** `callerAs(t, ["viewer"]).run.list()`; defaults to an admin. */
export function callerAs(
  source: DepsSource,
  roles: readonly Role[] = ["admin"],
  opts: { signal?: AbortSignal; email?: string } = {},
) {
  const caller = testCallerIdentity(roles, opts.email);
  return createCaller(
    () => createTRPCContext({ deps: depsOf(source), headers: new Headers(), caller }),
    opts.signal ? { signal: opts.signal } : undefined,
  );
}

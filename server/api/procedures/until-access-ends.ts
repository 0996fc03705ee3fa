/**
 * Runs a subscription's stream for as long as the caller's access lasts: logout, a role change, a
 * revoked token or an expired session end it with UNAUTHORIZED (the client reconnects and is
 * checked again). See server/auth/live-access.ts.
 */
import { TRPCError } from "@trpc/server";
import type { Caller } from "@/server/auth/caller";
import type { LiveAccess } from "@/server/auth/live-access";

export async function* untilAccessEnds<T>(
  access: LiveAccess,
  caller: Caller | null,
  signal: AbortSignal | undefined,
  open: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncGenerator<T> {
  // Linked to the request's signal and aborted on the way out, so the registration never outlives the stream.
  const local = new AbortController();
  const forward = () => local.abort();
  signal?.addEventListener("abort", forward, { once: true });
  if (signal?.aborted) local.abort();
  const live = access.signal(caller, local.signal);
  try {
    yield* open(live);
    if (live.aborted && !local.signal.aborted)
      throw new TRPCError({
        code: "UNAUTHORIZED",
        message: "your sign-in ended or your access changed: sign in again to keep watching",
      });
  } finally {
    signal?.removeEventListener("abort", forward);
    local.abort();
  }
}

/** One QueryClient factory: a fresh one per server request, one per browser tab. */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { signInPath } from "@/lib/access/sign-in-path";

/**
 * A 401 outside the sign-in pages means the session ended: back to /login, remembering the page.
 * Queries, mutations and the live stream (which the server ends at logout or a role change) use it.
 */
export function redirectIfSignedOut(error: unknown): void {
  if (typeof window === "undefined") return;
  const code = (error as { data?: { code?: string } } | null)?.data?.code;
  const path = window.location.pathname;
  if (code !== "UNAUTHORIZED" || path === "/login" || path === "/setup") return;
  window.location.assign(signInPath(path + window.location.search));
}

/** A 4xx will answer the same again (signed out, forbidden, not found, bad input): only other failures are retried. */
function retry(failures: number, error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return !(status && status >= 400 && status < 500) && failures < 3;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: true, retry } },
    queryCache: new QueryCache({ onError: redirectIfSignedOut }),
    mutationCache: new MutationCache({ onError: redirectIfSignedOut }),
  });
}

let browserClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

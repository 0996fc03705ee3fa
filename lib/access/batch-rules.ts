/**
 * What one HTTP request may carry: the server refuses a tRPC batch of more than MAX_BATCH_CALLS
 * calls, and any batch holding an `auth.*` call (each password attempt is a request of its own);
 * the browser client follows the same rules, so it never sends what the server would refuse.
 */
export const MAX_BATCH_CALLS = 50;

/** Whether a call to `path` may share a request with other calls. */
export function mayBatch(path: string): boolean {
  return !path.startsWith("auth.");
}

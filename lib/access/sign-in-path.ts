/** Where to send someone who must sign in, remembering the page they were on (only a local path). */
export function signInPath(next: string): string {
  const safe = next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login") ? next : "/";
  return safe === "/" ? "/login" : `/login?next=${encodeURIComponent(safe)}`;
}

/** The `next` parameter back to a safe local path ("/" when missing or pointing elsewhere). */
export function afterSignInPath(next: string | null | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login") ? next : "/";
}

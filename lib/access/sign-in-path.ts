/**
 * Where to send someone who must sign in, remembering the page they were on, and where to send
 * them after: only a path on this site. Browsers read `\` as `/` and drop tabs and line breaks in
 * URLs, so `/\evil.example`, `/<TAB>/evil.example` and `//evil.example` all leave the site; so do
 * `https:…` and anything that decodes to one of these. Such a `next` becomes "/".
 */

const BASE = "http://wf.invalid";

/** `/%5Cevil` → `/\evil`; stops when nothing changes (or the text is not valid percent-encoding). */
function decodings(text: string): string[] {
  const out = [text];
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(out[out.length - 1]!);
    } catch {
      break;
    }
    if (next === out[out.length - 1]) break;
    out.push(next);
  }
  return out;
}

/** Whether one form of `next` could take a browser off the site. */
function leavesSite(text: string): boolean {
  // Control characters (tabs, line breaks, which browsers drop) and backslashes (read as slashes).
  // eslint-disable-next-line no-control-regex -- these characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(text)) return true;
  if (!text.startsWith("/") || text.startsWith("//")) return true;
  try {
    return new URL(text, BASE).origin !== BASE;
  } catch {
    return true;
  }
}

/**
 * `next` as a path on this site (path, query and hash as a browser would resolve them), or
 * undefined when it is missing, too long, names another site or points back at /login.
 */
export function localPath(next: string | null | undefined): string | undefined {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return undefined;
  if (decodings(next).some(leavesSite)) return undefined;
  const url = new URL(next, BASE);
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return undefined;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page, remembering `next` when it is a path on this site other than "/". */
export function signInPath(next: string): string {
  const safe = localPath(next);
  return !safe || safe === "/" ? "/login" : `/login?next=${encodeURIComponent(safe)}`;
}

/** The `next` parameter back to a path on this site ("/" when missing or pointing elsewhere). */
export function afterSignInPath(next: string | null | undefined): string {
  return localPath(next) ?? "/";
}

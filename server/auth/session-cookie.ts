/** The session cookie: httpOnly, SameSite=Lax, Path=/, Secure when the request came over https. */
export const SESSION_COOKIE = "wf_session";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** https when the URL says so or a proxy in front says so (X-Forwarded-Proto). */
export function isHttps(url: string, headers: Headers): boolean {
  return url.startsWith("https:") || headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

export function sessionCookie(token: string, maxAgeS: number, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeS}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie("", 0, secure);
}

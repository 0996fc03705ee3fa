/** A database URL fit for a message or a log: its password (in the user part or a `password=` parameter) is `***`. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    if (u.searchParams.has("password")) u.searchParams.set("password", "***");
    // URL encodes the stars it was given; show them as written.
    return u.toString().replaceAll("%2A%2A%2A", "***");
  } catch {
    // Not a URL at all: keep the scheme and host part readable, hide whatever sits between `:` and `@`.
    return url.replace(/^([^:/]+:\/\/[^:/@]*):[^@]*@/, "$1:***@").replace(/(password=)[^&]*/gi, "$1***");
  }
}

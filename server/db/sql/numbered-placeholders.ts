/** `?` placeholders as PostgreSQL's `$1…$n`, left alone inside quoted strings and identifiers. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  let quote: string | undefined;
  let out = "";
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    out += ch === "?" && !quote ? `$${++n}` : ch;
  }
  return out;
}

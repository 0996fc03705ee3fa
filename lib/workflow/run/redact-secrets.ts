/**
 * Redaction of secret values from everything a run records (logs, outputs, errors, events): each
 * value as printed is replaced by `***`. Encoded forms (base64, hex, URL-encoded) are not caught.
 */
export const REDACTED = "***";

/** Values shorter than this are not redacted: replacing "a" or "1" everywhere would wreck logs. */
export const MIN_REDACTED_LENGTH = 4;

export type Redactor = (text: string) => string;

/** A redactor for these values (longest first, so a value containing another is replaced whole), or null when none. */
export function createRedactor(values: Iterable<string>): Redactor | null {
  const secrets = [...new Set(values)]
    .filter((v) => v.length >= MIN_REDACTED_LENGTH)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return null;
  return (text) => {
    let out = text;
    for (const v of secrets) if (out.includes(v)) out = out.split(v).join(REDACTED);
    return out;
  };
}

/** A copy of `value` with every string inside it redacted (objects and arrays walked; the same object when nothing changed). */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactDeep(v, redact);
      if (r !== v) changed = true;
      return r;
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === "object") {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const r = redactDeep(v, redact);
      if (r !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = r;
    }
    return (out ?? value) as T;
  }
  return value;
}

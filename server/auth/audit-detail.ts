/**
 * What the audit log keeps of a mutation's input: only named, harmless fields — never a password,
 * a token, a secret's value or a whole template.
 */
const TARGET_KEYS = ["runId", "approvalId", "templateId", "id", "name", "email", "nodeId"] as const;
const DETAIL_KEYS = ["decision", "comment", "roles", "nodeId", "version", "confirm", "from", "to", "format"] as const;

function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = input[k];
    if (v === undefined || v === null) continue;
    // Strings are capped so a long comment cannot bloat the log.
    out[k] = typeof v === "string" ? v.slice(0, 500) : v;
  }
  return out;
}

/** The target: the first id-like field of the input, else of the result (`run.start` → the new runId). */
export function auditTarget(input: unknown, result: unknown): string {
  for (const source of [input, result]) {
    if (!source || typeof source !== "object") continue;
    const o = source as Record<string, unknown>;
    for (const k of TARGET_KEYS) if (typeof o[k] === "string" && o[k]) return String(o[k]).slice(0, 200);
  }
  return "";
}

export function auditDetail(input: unknown, result: unknown): Record<string, unknown> {
  const detail = input && typeof input === "object" ? pick(input as Record<string, unknown>, DETAIL_KEYS) : {};
  if (result && typeof result === "object") {
    const r = result as Record<string, unknown>;
    if (typeof r.runId === "string") detail.runId = r.runId;
    if (typeof r.version === "number") detail.version = r.version;
    // user.disable / enable / delete: whose account it was (the id alone says nothing once deleted).
    if (typeof r.email === "string") detail.email = r.email;
  }
  return detail;
}

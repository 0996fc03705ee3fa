/**
 * The webhook's proof of the caller (docs/triggers.md, "Signatures"), without I/O: the header's
 * shape is read here and the digests compared in constant time; the server computes the HMAC.
 * - `hmac`: `X-Wf-Signature: sha256=<64 hex digits>`, the HMAC-SHA256 of the raw body with the secret;
 * - `token`: `Authorization: Bearer <secret>` (compared as digests, so its length leaks nothing).
 */

export type SignatureCheck =
  { ok: true } | { ok: false; problem: "missing" | "malformed" | "mismatch"; message: string };

const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/** Compares every byte whatever the first difference (no early exit that timing could reveal). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  const n = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** `X-Wf-Signature` against the expected HMAC-SHA256 digest of the body. */
export function checkSignature(header: string | null, expected: Uint8Array): SignatureCheck {
  const value = header?.trim();
  if (!value)
    return {
      ok: false,
      problem: "missing",
      message: "missing X-Wf-Signature header (sha256=<hex HMAC-SHA256 of the body>)",
    };
  const m = SIGNATURE.exec(value);
  if (!m)
    return {
      ok: false,
      problem: "malformed",
      message: "malformed X-Wf-Signature header: expected sha256= followed by 64 hex digits",
    };
  return constantTimeEqual(hexBytes(m[1]!), expected)
    ? { ok: true }
    : { ok: false, problem: "mismatch", message: "bad signature: X-Wf-Signature does not match the body" };
}

/** The secret of `Authorization: Bearer <secret>`, or why there is none. */
export function bearerSecret(
  header: string | null,
): { ok: true; secret: string } | Extract<SignatureCheck, { ok: false }> {
  const value = header?.trim();
  if (!value) return { ok: false, problem: "missing", message: "missing Authorization header (Bearer <secret>)" };
  const m = /^Bearer\s+(\S+)$/i.exec(value);
  return m
    ? { ok: true, secret: m[1]! }
    : { ok: false, problem: "malformed", message: "malformed Authorization header: expected Bearer <secret>" };
}

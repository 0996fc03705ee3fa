/** A `curl` line (docs/triggers.md, "Signatures") that signs `body` with the webhook's secret as `X-Wf-Signature` expects (openssl computes the HMAC). */
export function signedCurlLine(url: string, secret: string, body = '{"ref":"main"}'): string {
  const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return [
    `body=${quoted(body)}`,
    `sig=$(printf '%s' "$body" | openssl dgst -sha256 -hmac ${quoted(secret)} | sed 's/^.* //')`,
    `curl -X POST ${quoted(url)} \\`,
    `  -H 'content-type: application/json' -H "X-Wf-Signature: sha256=$sig" \\`,
    `  --data "$body"`,
  ].join("\n");
}

/** SHA-256 of a random bearer secret (session cookie, API token): what the database keeps instead of it. */
import { createHash, randomBytes } from "node:crypto";

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** 32 random bytes, URL-safe, with a prefix naming what it is (`wfs_` session, `wft_` token). */
export function newBearerSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/**
 * A webhook's secret: random, shown once, stored sealed with the data folder's key (its trigger id is
 * the authenticated data, so a sealed value copied to another trigger does not open); the digests a
 * call is checked with.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { openSecret, sealSecret } from "@/server/secrets/secret-box";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export function sealWebhookSecret(key: Buffer, triggerId: string, secret: string): string {
  return sealSecret(key, secret, `trigger:${triggerId}`);
}

export function openWebhookSecret(key: Buffer, triggerId: string, sealed: string): string {
  return openSecret(key, sealed, `trigger:${triggerId}`);
}

/** The HMAC-SHA256 of the raw body with the secret (what `X-Wf-Signature: sha256=<hex>` carries). */
export function bodySignature(secret: string, body: Uint8Array | string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

export function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** AES-256-GCM from node:crypto: a fresh 12-byte IV per value, the auth tag checked on open. */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export function sealSecret(key: Buffer, plain: string, name: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  // The name is authenticated data: a sealed value copied under another name does not open.
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

export function openSecret(key: Buffer, sealed: string, name: string): string {
  const raw = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

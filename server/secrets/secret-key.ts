/**
 * The key that encrypts secrets at rest: WF_SECRET_KEY (any string; stretched to 32 bytes with
 * SHA-256 unless it is exactly 64 hex characters), else a random key generated once into
 * `<data>/secret.key` with mode 0600. An empty key (variable or file) is refused: its hash is public.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { EnvVars } from "@/server/config/env-vars";

/** The key could not be had; the message says what to fix. */
export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretKeyError";
  }
}

export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, "secret.key");
}

function fromString(value: string, where: string): Buffer {
  if (!value) throw new SecretKeyError(`${where} is empty: give it a random value or delete it to have one generated`);
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : createHash("sha256").update(value).digest();
}

/** Reads (or creates once) the key; throws SecretKeyError when it is empty. */
export function loadSecretKey(o: { env: EnvVars; dataDir: string }): Buffer {
  if (o.env.WF_SECRET_KEY !== undefined) return fromString(o.env.WF_SECRET_KEY, "WF_SECRET_KEY");
  const file = secretKeyFile(o.dataDir);
  try {
    return fromString(fs.readFileSync(file, "utf8").trim(), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString("hex");
  try {
    // "wx": never overwrite a key another process wrote first (that would orphan its secrets).
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return fromString(fs.readFileSync(file, "utf8").trim(), file);
  }
  return fromString(key, file);
}

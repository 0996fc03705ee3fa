/**
 * The key that encrypts secrets at rest: WF_SECRET_KEY (any string; stretched to 32 bytes with
 * SHA-256 unless it is exactly 64 hex characters), else a random key generated once into
 * `<data>/secret.key` with mode 0600.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "@/server/db/data-paths";

export function secretKeyFile(): string {
  return path.join(dataDir(), "secret.key");
}

function fromString(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : createHash("sha256").update(value).digest();
}

export function loadSecretKey(): Buffer {
  const env = process.env.WF_SECRET_KEY;
  if (env) return fromString(env);
  const file = secretKeyFile();
  try {
    return fromString(fs.readFileSync(file, "utf8").trim());
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
    return fromString(fs.readFileSync(file, "utf8").trim());
  }
  return fromString(key);
}

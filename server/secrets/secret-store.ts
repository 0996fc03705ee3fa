/** Named secrets in SQLite, sealed with the data folder's key. Lists give names and dates, never values. */
import { asc, eq, inArray } from "drizzle-orm";
import * as z from "zod";
import { reservedEnvName } from "@/lib/workflow/shell/node-environment";
import type { Db } from "@/server/db/open-database";
import { secrets } from "@/server/db/schema";
import { openSecret, sealSecret } from "./secret-box";
import { loadSecretKey } from "./secret-key";

/** Usable as an environment variable name and in `{secrets.NAME}`. */
export const SecretNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "letters, digits and _, not starting with a digit (at most 64)")
  // Nodes receive a secret as an environment variable of the same name: never one the host or engine owns.
  .refine((n) => !reservedEnvName(n), { message: "this name is reserved for the environment (PATH, WF_*, LD_*, …)" });

export interface SecretSummary {
  name: string;
  createdAt: number;
  updatedAt: number;
}

export function listSecrets(db: Db): SecretSummary[] {
  return db
    .select({ name: secrets.name, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt })
    .from(secrets)
    .orderBy(asc(secrets.name))
    .all();
}

export function setSecret(db: Db, name: string, value: string, now = Date.now()): void {
  const sealed = sealSecret(loadSecretKey(), value, name);
  db.insert(secrets)
    .values({ name, sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: secrets.name, set: { sealed, updatedAt: now } })
    .run();
}

/** Whether it existed. */
export function deleteSecret(db: Db, name: string): boolean {
  return db.delete(secrets).where(eq(secrets.name, name)).run().changes > 0;
}

export function existingSecretNames(db: Db, names: readonly string[]): Set<string> {
  if (names.length === 0) return new Set();
  const rows = db
    .select({ name: secrets.name })
    .from(secrets)
    .where(inArray(secrets.name, [...names]))
    .all();
  return new Set(rows.map((r) => r.name));
}

/** Decrypted values of the named secrets that exist (for a run's environment; never for the API). */
export function readSecretValues(db: Db, names: readonly string[]): Record<string, string> {
  if (names.length === 0) return {};
  const key = loadSecretKey();
  const out: Record<string, string> = {};
  for (const row of db
    .select()
    .from(secrets)
    .where(inArray(secrets.name, [...names]))
    .all())
    out[row.name] = openSecret(key, row.sealed, row.name);
  return out;
}

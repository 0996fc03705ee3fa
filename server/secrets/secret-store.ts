/** Named secrets in SQLite, sealed with the data folder's key. Lists give names and dates, never values. */
import { asc, eq, inArray } from "drizzle-orm";
import * as z from "zod";
import { reservedEnvName } from "@/lib/workflow/shell/node-environment";
import type { Db } from "@/server/db/open-database";
import { secrets } from "@/server/db/schema";
import { openSecret, sealSecret } from "./secret-box";

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

/** The secrets of one database, sealed with one key (read on first use). */
export interface SecretVault {
  list(): SecretSummary[];
  set(name: string, value: string, now?: number): void;
  /** Whether it existed. */
  delete(name: string): boolean;
  /** Decrypted values of the named secrets that exist (for a run's environment; never for the API). */
  readValues(names: readonly string[]): Record<string, string>;
}

export function createSecretVault(db: Db, key: () => Buffer): SecretVault {
  return {
    list: () =>
      db
        .select({ name: secrets.name, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt })
        .from(secrets)
        .orderBy(asc(secrets.name))
        .all(),
    set(name, value, now = Date.now()) {
      const sealed = sealSecret(key(), value, name);
      db.insert(secrets)
        .values({ name, sealed, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: secrets.name, set: { sealed, updatedAt: now } })
        .run();
    },
    delete: (name) => db.delete(secrets).where(eq(secrets.name, name)).run().changes > 0,
    readValues(names) {
      if (names.length === 0) return {};
      const k = key();
      const out: Record<string, string> = {};
      for (const row of db
        .select()
        .from(secrets)
        .where(inArray(secrets.name, [...names]))
        .all())
        out[row.name] = openSecret(k, row.sealed, row.name);
      return out;
    },
  };
}

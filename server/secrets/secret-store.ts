/** Named secrets in the database (SQLite or PostgreSQL), sealed with the data folder's key. Lists give names and dates, never values. */
import * as z from "zod";
import { reservedEnvName } from "@/lib/workflow/shell/node-environment";
import { MirroredRows } from "@/server/db/sql/mirrored-rows";
import type { SqlDb } from "@/server/db/sql/sql-db";
import { openSecret, sealSecret } from "./secret-box";
import { UnreadableSecretError } from "./unreadable-secret-error";

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

/**
 * The secrets of one database, sealed with one key (read on first use). Listing and reading values use this
 * server's copy of the table (synchronous: a run's start, an agent call); `set` and `delete` write the database
 * and then reload the copy; `refresh` reloads it after another process wrote (docs/scale-out.md).
 */
export interface SecretVault {
  list(): SecretSummary[];
  set(name: string, value: string, now?: number): Promise<void>;
  /** Whether it existed. */
  delete(name: string): Promise<boolean>;
  /**
   * Decrypted values of the named secrets that exist (for a run's environment; never for the API). Throws a
   * UnreadableSecretError naming the secret when this process's key is not the one it was sealed with.
   */
  readValues(names: readonly string[]): Record<string, string>;
  refresh(): Promise<void>;
}

interface SealedSecret extends SecretSummary {
  sealed: string;
}

/** A value sealed under another key does not open (AES-GCM's tag): the run is refused naming it (RUN046). */
function openWith(key: Buffer, r: SealedSecret): string {
  try {
    return openSecret(key, r.sealed, r.name);
  } catch {
    throw new UnreadableSecretError(r.name);
  }
}

/** `announce`: tells the database's other servers that this one wrote the table (they reload their copy). */
export function createSecretVault(sql: SqlDb, key: () => Buffer, announce?: () => void): SecretVault {
  const mirror = new MirroredRows<SealedSecret>(
    sql,
    `select name, sealed, created_at, updated_at from secrets order by name`,
    (r) => ({
      name: String(r.name),
      sealed: String(r.sealed),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    }),
    announce,
  );
  return {
    list: () => mirror.rows().map(({ name, createdAt, updatedAt }) => ({ name, createdAt, updatedAt })),
    async set(name, value, now = Date.now()) {
      const sealed = sealSecret(key(), value, name);
      await sql.run(
        `insert into secrets (name, sealed, created_at, updated_at) values (?, ?, ?, ?)
         on conflict (name) do update set sealed = excluded.sealed, updated_at = excluded.updated_at`,
        [name, sealed, now, now],
      );
      await mirror.wrote();
    },
    async delete(name) {
      const { changes } = await sql.run(`delete from secrets where name = ?`, [name]);
      await mirror.wrote();
      return changes > 0;
    },
    readValues(names) {
      if (names.length === 0) return {};
      const wanted = new Set(names);
      const rows = mirror.rows().filter((r) => wanted.has(r.name));
      if (!rows.length) return {};
      const k = key();
      return Object.fromEntries(rows.map((r) => [r.name, openWith(k, r)]));
    },
    refresh: () => mirror.refresh(),
  };
}

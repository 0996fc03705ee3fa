/** Agent providers saved in Settings: rows of `agent_providers` (SQLite or PostgreSQL), read on each call (changes apply without restart). */
import * as z from "zod";
import { rawRowMapper } from "@/server/db/map-raw-row";
import { agentProviders } from "@/server/db/schema";
import { MirroredRows } from "@/server/db/sql/mirrored-rows";
import type { SqlDb } from "@/server/db/sql/sql-db";
import { SecretNameSchema } from "@/server/secrets/secret-store";

export const SavedProviderSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "letters, digits, _ . - (at most 64)"),
  kind: z.enum(["cli", "openai"]),
  command: z.array(z.string().min(1)).min(1).optional(),
  baseUrl: z.string().url().optional(),
  model: z.string().min(1).optional(),
  apiKeySecret: SecretNameSchema.optional(),
  timeoutMs: z.number().int().positive().optional(),
});
export type SavedProvider = z.infer<typeof SavedProviderSchema>;

/**
 * Listing reads this server's copy of the table (agent calls read it on each call, synchronously); the changes
 * write the database and then reload the copy; `refresh` reloads it after another process wrote.
 */
export interface ProviderSettings {
  list(): (SavedProvider & { isDefault: boolean })[];
  save(p: SavedProvider): Promise<void>;
  /** Whether it existed. */
  delete(name: string): Promise<boolean>;
  /** Whether it exists. */
  setDefault(name: string): Promise<boolean>;
  refresh(): Promise<void>;
}

const toRow = rawRowMapper(agentProviders);

function savedOf(raw: Record<string, unknown>): SavedProvider & { isDefault: boolean } {
  const r = toRow(raw);
  return {
    name: r.name,
    kind: r.kind,
    ...(r.command ? { command: z.array(z.string()).parse(JSON.parse(r.command)) } : {}),
    ...(r.baseUrl ? { baseUrl: r.baseUrl } : {}),
    ...(r.model ? { model: r.model } : {}),
    ...(r.apiKeySecret ? { apiKeySecret: r.apiKeySecret } : {}),
    ...(r.timeoutMs ? { timeoutMs: r.timeoutMs } : {}),
    isDefault: r.isDefault,
  };
}

/** `announce`: tells the database's other servers that this one wrote the table (they reload their copy). */
export function createProviderSettings(sql: SqlDb, announce?: () => void): ProviderSettings {
  const mirror = new MirroredRows(sql, `select * from agent_providers order by name`, savedOf, announce);
  const changed = async <T>(result: T): Promise<T> => {
    await mirror.wrote();
    return result;
  };
  return {
    list: () => [...mirror.rows()],
    async save(p) {
      await sql.run(
        `insert into agent_providers (name, kind, command, base_url, model, api_key_secret, timeout_ms, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (name) do update set kind = excluded.kind, command = excluded.command,
           base_url = excluded.base_url, model = excluded.model, api_key_secret = excluded.api_key_secret,
           timeout_ms = excluded.timeout_ms, updated_at = excluded.updated_at`,
        [
          p.name,
          p.kind,
          p.command ? JSON.stringify(p.command) : null,
          p.baseUrl ?? null,
          p.model ?? null,
          p.apiKeySecret ?? null,
          p.timeoutMs ?? null,
          Date.now(),
        ],
      );
      await mirror.wrote();
    },
    delete: async (name) => changed((await sql.run(`delete from agent_providers where name = ?`, [name])).changes > 0),
    setDefault: async (name) =>
      changed(
        await sql.transaction(async (tx) => {
          if (!(await tx.get(`select name from agent_providers where name = ?`, [name]))) return false;
          await tx.run(`update agent_providers set is_default = ?`, [false]);
          await tx.run(`update agent_providers set is_default = ? where name = ?`, [true, name]);
          return true;
        }),
      ),
    refresh: () => mirror.refresh(),
  };
}

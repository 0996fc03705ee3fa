/** Agent providers saved in Settings: rows of `agent_providers`, read on each call (changes apply without restart). */
import { asc, eq } from "drizzle-orm";
import * as z from "zod";
import type { Db } from "@/server/db/open-database";
import { agentProviders } from "@/server/db/schema";
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

export interface ProviderSettings {
  list(): (SavedProvider & { isDefault: boolean })[];
  save(p: SavedProvider): void;
  /** Whether it existed. */
  delete(name: string): boolean;
  /** Whether it exists. */
  setDefault(name: string): boolean;
}

export function createProviderSettings(db: Db): ProviderSettings {
  return {
    list: () =>
      db
        .select()
        .from(agentProviders)
        .orderBy(asc(agentProviders.name))
        .all()
        .map((r) => ({
          name: r.name,
          kind: r.kind,
          ...(r.command ? { command: z.array(z.string()).parse(JSON.parse(r.command)) } : {}),
          ...(r.baseUrl ? { baseUrl: r.baseUrl } : {}),
          ...(r.model ? { model: r.model } : {}),
          ...(r.apiKeySecret ? { apiKeySecret: r.apiKeySecret } : {}),
          ...(r.timeoutMs ? { timeoutMs: r.timeoutMs } : {}),
          isDefault: r.isDefault,
        })),
    save(p) {
      const row = {
        kind: p.kind,
        command: p.command ? JSON.stringify(p.command) : null,
        baseUrl: p.baseUrl ?? null,
        model: p.model ?? null,
        apiKeySecret: p.apiKeySecret ?? null,
        timeoutMs: p.timeoutMs ?? null,
        updatedAt: Date.now(),
      };
      db.insert(agentProviders)
        .values({ name: p.name, ...row })
        .onConflictDoUpdate({ target: agentProviders.name, set: row })
        .run();
    },
    delete: (name) => db.delete(agentProviders).where(eq(agentProviders.name, name)).run().changes > 0,
    setDefault(name) {
      return db.transaction((tx) => {
        if (!tx.select().from(agentProviders).where(eq(agentProviders.name, name)).get()) return false;
        tx.update(agentProviders).set({ isDefault: false }).run();
        tx.update(agentProviders).set({ isDefault: true }).where(eq(agentProviders.name, name)).run();
        return true;
      });
    },
  };
}

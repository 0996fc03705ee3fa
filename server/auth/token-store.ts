/** Personal API tokens: shown once, stored as SHA-256, revocable, with a last-used time; a disabled owner's tokens resolve to nobody. */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/open-database";
import { newId } from "@/server/db/new-id";
import { apiTokens, users, type ApiTokenRow } from "@/server/db/schema";
import type { Caller } from "./caller";
import { endLiveAccess } from "./live-access";
import { newBearerSecret, sha256Hex } from "./secret-hash";
import { parseRoles } from "./user-store";

/** last_used_at is written at most this often per token, so a busy client does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  userId: string;
  email: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export function createApiToken(db: Db, userId: string, name: string): { token: string; summary: TokenSummary } {
  const token = newBearerSecret("wft_");
  const row = db
    .insert(apiTokens)
    .values({ id: newId("tok"), userId, name, tokenHash: sha256Hex(token), prefix: token.slice(0, 10) })
    .returning()
    .get();
  const [summary] = listApiTokens(db, { tokenId: row.id });
  return { token, summary: summary! };
}

export function listApiTokens(db: Db, filter: { userId?: string; tokenId?: string } = {}): TokenSummary[] {
  const where = filter.tokenId
    ? eq(apiTokens.id, filter.tokenId)
    : filter.userId
      ? eq(apiTokens.userId, filter.userId)
      : undefined;
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      userId: apiTokens.userId,
      email: users.email,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where)
    .orderBy(desc(apiTokens.createdAt))
    .all();
}

export function findApiToken(db: Db, id: string): ApiTokenRow | undefined {
  return db.select().from(apiTokens).where(eq(apiTokens.id, id)).get();
}

export function revokeApiToken(db: Db, id: string, now = Date.now()): void {
  db.update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .run();
  endLiveAccess({ tokenId: id });
}

export function resolveApiToken(db: Db, token: string, now = Date.now()): Caller | null {
  const row = db
    .select({
      id: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      email: users.email,
      roles: users.roles,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256Hex(token)), isNull(apiTokens.revokedAt), isNull(users.disabledAt)))
    .get();
  if (!row) return null;
  if (row.lastUsedAt === null || now - row.lastUsedAt > LAST_USED_RESOLUTION_MS)
    db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id)).run();
  return {
    via: "token",
    userId: row.userId,
    email: row.email,
    roles: parseRoles(row.roles),
    sessionId: null,
    tokenId: row.id,
  };
}

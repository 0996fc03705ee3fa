/** Personal API tokens: shown once, stored as SHA-256, revocable, with a last-used time; a disabled owner's tokens resolve to nobody. */
import { rawRowMapper, type RawRow } from "@/server/db/map-raw-row";
import { newId } from "@/server/db/new-id";
import { apiTokens, type ApiTokenRow } from "@/server/db/schema";
import type { SqlDb, SqlParam } from "@/server/db/sql/sql-db";
import type { Caller } from "./caller";
import type { LiveAccess } from "./live-access";
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

const toTokenRow = rawRowMapper(apiTokens);

interface SummaryRow {
  id: string;
  name: string;
  prefix: string;
  user_id: string;
  email: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

const SUMMARIES = `select t.id, t.name, t.prefix, t.user_id, u.email, t.created_at, t.last_used_at, t.revoked_at
  from api_tokens t join users u on u.id = t.user_id`;

export class TokenStore {
  constructor(
    private readonly sql: SqlDb,
    private readonly live: LiveAccess,
  ) {}

  async create(userId: string, name: string): Promise<{ token: string; summary: TokenSummary }> {
    const token = newBearerSecret("wft_");
    const id = newId("tok");
    await this.sql.run("insert into api_tokens (id, user_id, name, token_hash, prefix) values (?, ?, ?, ?, ?)", [
      id,
      userId,
      name,
      sha256Hex(token),
      token.slice(0, 10),
    ]);
    const [summary] = await this.list({ tokenId: id });
    return { token, summary: summary! };
  }

  /** Newest first: one token, one user's, or everyone's. */
  async list(filter: { userId?: string; tokenId?: string } = {}): Promise<TokenSummary[]> {
    const [where, params]: [string, SqlParam[]] = filter.tokenId
      ? ["where t.id = ?", [filter.tokenId]]
      : filter.userId
        ? ["where t.user_id = ?", [filter.userId]]
        : ["", []];
    const rows = await this.sql.all<SummaryRow>(`${SUMMARIES} ${where} order by t.created_at desc`, params);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      userId: r.user_id,
      email: r.email,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      revokedAt: r.revoked_at,
    }));
  }

  async find(id: string): Promise<ApiTokenRow | undefined> {
    const raw = await this.sql.get<RawRow>("select * from api_tokens where id = ?", [id]);
    return raw && toTokenRow(raw);
  }

  async revoke(id: string, now = Date.now()): Promise<void> {
    await this.sql.run("update api_tokens set revoked_at = ? where id = ? and revoked_at is null", [now, id]);
    this.live.end({ tokenId: id });
  }

  async resolve(token: string, now = Date.now()): Promise<Caller | null> {
    const row = await this.sql.get<{
      id: string;
      last_used_at: number | null;
      user_id: string;
      email: string;
      roles: string;
    }>(
      `select t.id, t.last_used_at, u.id as user_id, u.email, u.roles from api_tokens t join users u on u.id = t.user_id
        where t.token_hash = ? and t.revoked_at is null and u.disabled_at is null`,
      [sha256Hex(token)],
    );
    if (!row) return null;
    if (row.last_used_at === null || now - row.last_used_at > LAST_USED_RESOLUTION_MS)
      await this.sql.run("update api_tokens set last_used_at = ? where id = ?", [now, row.id]);
    return {
      via: "token",
      userId: row.user_id,
      email: row.email,
      roles: parseRoles(row.roles),
      sessionId: null,
      tokenId: row.id,
    };
  }
}

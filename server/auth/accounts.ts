/**
 * The accounts slice's stores, built once over the chosen database (`createServerDeps`, the CLI, tests) and
 * handed down as `ctx.deps.accounts`: users, their lifecycle and passwords, sessions, API tokens, the audit
 * log. Each runs on SQLite and PostgreSQL alike through the SQL seam (decision 051).
 */
import type { SqlDb } from "@/server/db/sql/sql-db";
import { AuditLog } from "./audit-log";
import { LiveAccess, type EndedAccess } from "./live-access";
import { SessionStore } from "./session-store";
import { TokenStore } from "./token-store";
import { UserLifecycle } from "./user-lifecycle";
import { UserPasswords } from "./user-password";
import { UserStore } from "./user-store";

export interface Accounts {
  readonly users: UserStore;
  /** Disable, enable, delete. */
  readonly lifecycle: UserLifecycle;
  readonly passwords: UserPasswords;
  readonly sessions: SessionStore;
  readonly tokens: TokenStore;
  readonly audit: AuditLog;
  /** The live streams open with these accounts' credentials, ended when the access ends. */
  readonly live: LiveAccess;
}

/** `announce`: tells the database's other servers that an access ended, so their streams of it end too. */
export function createAccounts(sql: SqlDb, announce?: (who: EndedAccess) => void): Accounts {
  const live = new LiveAccess(announce);
  return {
    users: new UserStore(sql, live),
    lifecycle: new UserLifecycle(sql, live),
    passwords: new UserPasswords(sql, live),
    sessions: new SessionStore(sql, live),
    tokens: new TokenStore(sql, live),
    audit: new AuditLog(sql),
    live,
  };
}

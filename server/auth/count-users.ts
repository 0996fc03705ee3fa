/** How many accounts exist (0 → first run: /setup, and only a loopback bind). No hashing imports, so the CLI stays light. */
import type { SqlQueries } from "@/server/db/sql/sql-db";

export async function countUsers(q: SqlQueries): Promise<number> {
  return (await q.get<{ n: number }>("select count(*) as n from users"))?.n ?? 0;
}

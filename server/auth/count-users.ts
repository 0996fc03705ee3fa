/** How many accounts exist (0 → first run: /setup, and only a loopback bind). No hashing imports, so the CLI stays light. */
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/open-database";
import { users } from "@/server/db/schema";

export function countUsers(db: Db): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .get()?.n ?? 0
  );
}

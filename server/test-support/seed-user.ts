/**
 * Test helper: an account written straight into `users` — no argon2 hash (its password matches nothing), so
 * store tests that need many users stay fast. Emails are unique per call.
 */
import type { Role } from "@/lib/access/roles";
import type { SqlQueries } from "@/server/db/sql/sql-db";

let seeded = 0;

export async function seedUser(sql: SqlQueries, roles: Role[] = ["editor"]): Promise<{ id: string; email: string }> {
  seeded++;
  const user = { id: `usr_seed_${seeded}`, email: `seed-${seeded}@accounts.test` };
  await sql.run("insert into users (id, email, password_hash, roles) values (?, ?, ?, ?)", [
    user.id,
    user.email,
    "not-a-hash",
    JSON.stringify(roles),
  ]);
  return user;
}

/**
 * What the web server does once at start (from instrumentation.ts): open the database (migrating it),
 * seed the examples into an empty library, create the admin from WF_ADMIN_EMAIL/PASSWORD, resume interrupted runs. A database that cannot be opened stops the process with
 * one clear line naming the path.
 */
import { BootstrapAdminError, bootstrapAdmin } from "@/server/auth/bootstrap-admin";
import { getDb } from "@/server/db/get-db";
import { DatabaseOpenError } from "@/server/db/open-database";
import { seedExampleTemplates } from "@/server/db/seed-examples";
import { getRunEngine } from "@/server/engine/get-run-engine";

export async function startServer(): Promise<void> {
  try {
    const db = getDb();
    const seeded = seedExampleTemplates(db);
    if (seeded > 0) console.log(`wf: seeded ${seeded} example templates`);
    const admin = await bootstrapAdmin(db);
    if (admin) console.log(`wf: created the admin ${admin} (WF_ADMIN_EMAIL)`);
    // Creating the engine resumes runs a crash or restart interrupted (DESIGN.md §5 durability).
    getRunEngine();
  } catch (err) {
    if (err instanceof DatabaseOpenError || err instanceof BootstrapAdminError) {
      console.error(`wf: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

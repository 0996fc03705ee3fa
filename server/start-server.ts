/**
 * What the web server does once at start (from instrumentation.ts): read the configuration, guard
 * forwarded headers (server/auth/forwarded-headers.ts), build
 * the dependencies (opening and migrating the database), install them for the route handlers, seed
 * the examples into an empty library, create the admin from WF_ADMIN_EMAIL/PASSWORD, resume
 * interrupted runs, start the trigger scheduler (fires missed while no server ran meet their misfire
 * policy), and say whether node processes are sandboxed. A database that cannot be opened (or a
 * setting such as WF_SANDBOX that makes no sense) stops the process with one line naming it.
 */
import { BootstrapAdminError, bootstrapAdmin } from "@/server/auth/bootstrap-admin";
import { guardForwardedHeaders } from "@/server/auth/forwarded-headers";
import { TrustedProxiesError } from "@/server/config/trusted-proxies";
import { readServerConfig, ServerConfigError } from "@/server/config/server-config";
import { DatabaseOpenError } from "@/server/db/open-database";
import { createServerDeps } from "@/server/runtime/server-deps";
import { installServerDeps } from "@/server/runtime/server-deps-holder";
import { openPgServerDeps } from "@/server/runtime/pg-server-deps";

export async function startServer(): Promise<void> {
  try {
    const config = readServerConfig(process.env);
    // Before the first request: forwarded headers count only from WF_TRUSTED_PROXIES.
    guardForwardedHeaders(config.trustedProxies);
    const deps = config.databaseUrl
      ? await openPgServerDeps({ ...config, databaseUrl: config.databaseUrl })
      : createServerDeps(config);
    installServerDeps(deps);
    // Whether node processes are sandboxed, said once (health, Settings and run pages say it too).
    const sandbox = await deps.sandbox.verify();
    if (sandbox.sandboxed) console.log(`wf: node processes are ${sandbox.summary}`);
    else console.warn(`wf: node processes are ${sandbox.summary}`);
    const seeded = await deps.library.seedExamples();
    if (seeded > 0) console.log(`wf: seeded ${seeded} example templates`);
    const admin = await bootstrapAdmin(deps.accounts, config.env);
    if (admin) console.log(`wf: created the admin ${admin} (WF_ADMIN_EMAIL)`);
    // Runs a crash or restart interrupted continue (durability: docs/engine.md).
    // The secrets and saved providers the engine reads at once are in this server's copy before a run resumes.
    await Promise.all([deps.secrets.refresh(), deps.providerSettings.refresh()]);
    const { resumed, invalid } = await deps.engine.recoverRuns();
    if (resumed.length) console.log(`wf: resumed ${resumed.length} unfinished run(s)`);
    for (const err of invalid) console.error(`wf: not resuming ${err.runId}: ${err.message}`);
    // After the runs resumed: a waiting fire sees whether its previous run is still active.
    await deps.triggers.scheduler.start();
  } catch (err) {
    if (
      err instanceof DatabaseOpenError ||
      err instanceof BootstrapAdminError ||
      err instanceof TrustedProxiesError ||
      err instanceof ServerConfigError
    ) {
      console.error(`wf: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * What the web server does once at start (from instrumentation.ts): read the configuration, guard
 * forwarded headers (server/auth/forwarded-headers.ts), build
 * the dependencies (opening and migrating the database), install them for the route handlers, seed
 * the examples into an empty library, create the admin from WF_ADMIN_EMAIL/PASSWORD, resume
 * interrupted runs and start the trigger scheduler (fires missed while no server ran meet their misfire
 * policy) — on PostgreSQL once this server leads the runs (decision 055) — and say whether node processes are sandboxed. A database that cannot be opened (or a
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
import { leadRunsWhenLeading } from "@/server/runtime/lead-runs";

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
    // Settings' copies for this server's own pages, then — on the server that leads the runs, now or once it
    // comes to — runs a crash or restart interrupted continue and the trigger scheduler starts.
    await Promise.all([deps.secrets.refresh(), deps.providerSettings.refresh()]);
    await leadRunsWhenLeading(deps);
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

/**
 * `wf worker`: this process's composition root for running nodes off the PostgreSQL job queue (docs/scale-out.md).
 * Needs `WF_DATABASE_URL`; opens (and migrates) the database, builds the node sandbox, executors, providers
 * and catalog from the environment as `wf serve` does, prints its id and what it connected to, and runs until
 * SIGTERM / SIGINT, which drain it: no new job, running nodes get `--drain-s` seconds, then are stopped and handed back.
 * Exit: 0 after a drain, 1 when the database refuses, 2 for a configuration nobody can use.
 */
import os from "node:os";
import v8 from "node:v8";
import { randomBytes } from "node:crypto";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import type { EnvVars } from "@/server/config/env-vars";
import type { ServerConfig } from "@/server/config/server-config";
import { readCliConfig } from "@/server/cli/io/read-cli-config";
import { DatabaseOpenError } from "@/server/db/open-database-error";
import { redactDatabaseUrl } from "@/server/db/pg/redact-database-url";
import { createAgentJudge } from "@/server/engine/agent-judge";
import { createExecutorRegistry } from "@/server/engine/executors/executor-registry";
import { environmentSecretSource } from "@/server/engine/run-secrets";
import { loadSecretKey } from "@/server/secrets/secret-key";
import { createAgentProviders } from "@/server/providers/agent-providers";
import { createProcessSandbox } from "@/server/sandbox/process-sandbox";
import { serverNodeFlags } from "./server-node-flags";

export interface WorkerOptions {
  concurrency: number;
  drainS: number;
}

function configOf(env: EnvVars): ServerConfig & { databaseUrl: string } {
  const config = readCliConfig(env);
  if (!config.databaseUrl)
    throw new CliError(
      "wf worker takes its nodes from the PostgreSQL job queue: set WF_DATABASE_URL=postgres://user:password@host:port/database",
      EXIT.usage,
    );
  return { ...config, databaseUrl: config.databaseUrl };
}

/** Resolves when a drain has ended (after SIGTERM / SIGINT). */
export async function workerCommand(opts: WorkerOptions, io: CliIo, env: EnvVars = process.env): Promise<number> {
  const config = configOf(env);
  // The V8 flags of `wf serve`'s server (server-node-flags.ts: the old generation grows by half of what survived,
  // not up to four times), set on this process itself — it is the `wf` one — so a long-running worker does not
  // sit on its garbage.
  for (const flag of serverNodeFlags(env)) v8.setFlagsFromString(flag);
  const { openPgDatabase } = await import("@/server/db/pg/open-pg-database");
  const { startNodeWorker } = await import("@/server/worker/node-worker");
  let opened;
  try {
    opened = await openPgDatabase(config.databaseUrl, {
      migrationsFolder: config.pgMigrationsDir,
      max: opts.concurrency + 2,
    });
  } catch (err) {
    if (err instanceof DatabaseOpenError) throw new CliError(err.message, EXIT.invalid);
    throw err;
  }
  const id = `${os.hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const sandbox = createProcessSandbox(config.processes);
  const providers = createAgentProviders(env, sandbox);
  const { pgSql } = await import("@/server/db/sql/pg-sql");
  const { createSecretVault } = await import("@/server/secrets/secret-store");
  const vault = createSecretVault(pgSql(opened.pool), () => loadSecretKey({ env, dataDir: config.dataDir }));
  const fromEnvironment = environmentSecretSource(env);
  let worker;
  try {
    worker = await startNodeWorker({
      pool: opened.pool,
      id,
      concurrency: opts.concurrency,
      drainMs: opts.drainS * 1000,
      lostMs: config.limits.workerLostS * 1000,
      // `{secrets.NAME}`: the database's vault (set in Settings; its key is WF_SECRET_KEY or the shared data
      // folder's), else WF_SECRET_<NAME> from this process's environment, as `wf run` reads it.
      secretSource: (names) => ({ ...fromEnvironment(names), ...vault.readValues(names) }),
      refreshSecrets: () => vault.refresh(),
      log: (line) => io.err(line),
      deps: {
        executors: createExecutorRegistry(),
        judge: createAgentJudge(providers),
        providers,
        catalog: () => loadExecutorCatalog(env),
        sandbox,
        runsDir: config.runsDir,
        maxOutputBytes: 1 << 20,
        maxLogBytes: 256 * 1024,
      },
    });
  } catch (err) {
    await opened.close();
    throw err;
  }
  io.out(
    `wf worker ${id}: taking nodes from PostgreSQL ${redactDatabaseUrl(config.databaseUrl)}` +
      ` (concurrency ${opts.concurrency}, drain ${opts.drainS} s; workspaces under ${config.runsDir})`,
  );
  if (!sandbox.status.sandboxed) io.err(`wf worker ${id}: node processes are ${sandbox.status.summary}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  });
  io.err(`wf worker ${id}: draining — no new nodes; ${worker.running()} running get up to ${opts.drainS} s`);
  await worker.stop();
  await opened.close();
  io.err(`wf worker ${id}: stopped`);
  return EXIT.ok;
}

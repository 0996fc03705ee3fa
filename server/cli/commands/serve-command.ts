/** `wf serve` — builds the app when no production build exists, then serves it (migrates and seeds at start). */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { countUsers } from "@/server/auth/count-users";
import { appRoot, dbPath, migrationsDir, pgMigrationsDir } from "@/server/config/data-paths";
import type { EnvVars } from "@/server/config/env-vars";
import { readServerConfig, ServerConfigError } from "@/server/config/server-config";
import { DatabaseOpenError } from "@/server/db/open-database-error";
import { openDatabase } from "@/server/db/open-database";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { serverNodeFlags } from "./server-node-flags";

function runNext(args: string[], env: NodeJS.ProcessEnv, root: string, nodeFlags: string[] = []): Promise<number> {
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, nextBin, ...args], { cwd: root, env, stdio: "inherit" });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 0 : 1));
    });
  });
}

/** Opens (and migrates) the server's database — PostgreSQL with `WF_DATABASE_URL`, else the SQLite file — to count its users. */
async function countUsersAt(env: EnvVars): Promise<number> {
  let databaseUrl: string | undefined;
  try {
    databaseUrl = readServerConfig(env).databaseUrl;
  } catch (err) {
    if (err instanceof ServerConfigError) throw new CliError(err.message, EXIT.usage);
    throw err;
  }
  if (!databaseUrl) {
    const db = openDatabase(dbPath(env), { migrationsFolder: migrationsDir(env) });
    try {
      return await countUsers(sqliteSql(db));
    } finally {
      db.$client.close();
    }
  }
  // The driver loads only for a server on PostgreSQL.
  const { openPgDatabase } = await import("@/server/db/pg/open-pg-database");
  const { pgSql } = await import("@/server/db/sql/pg-sql");
  const opened = await openPgDatabase(databaseUrl, { migrationsFolder: pgMigrationsDir(env), max: 1 }).catch(
    (err: unknown) => {
      throw err instanceof DatabaseOpenError ? new CliError(err.message, EXIT.invalid) : err;
    },
  );
  try {
    return await countUsers(pgSql(opened.pool));
  } finally {
    await opened.close();
  }
}

/** Loopback addresses the server may bind before an admin exists. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** Checks the port and the database, builds the app when needed, then runs `next start` until it exits. */
/** `env`: this process's environment, read here once (the command's composition root). */
export async function serveCommand(
  opts: { port: string; host: string; build?: boolean },
  io: CliIo,
  env: EnvVars = process.env,
): Promise<number> {
  if (!/^\d+$/.test(opts.port)) throw new CliError(`--port must be a number, got "${opts.port}"`, EXIT.usage);
  // Fail before building or binding a port when the database cannot be opened or migrated.
  const users = await countUsersAt(env);
  // Before an admin exists, anyone who reaches the port could create it: loopback only (docs/security.md).
  const unattendedAdmin = !!(env.WF_ADMIN_EMAIL && env.WF_ADMIN_PASSWORD);
  if (users === 0 && !unattendedAdmin && !isLoopbackHost(opts.host))
    throw new CliError(
      `refusing to listen on ${opts.host} before an admin exists: start on 127.0.0.1, create the admin at /setup, then restart with --host ${opts.host} (or set WF_ADMIN_EMAIL and WF_ADMIN_PASSWORD)`,
      EXIT.usage,
    );
  const root = appRoot(env);
  const childEnv = { ...env, WF_APP_ROOT: root, NODE_ENV: "production" as const, HOST: opts.host };
  if (opts.build || !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    io.err("wf serve: building the app (first start takes about a minute)…");
    const code = await runNext(["build"], childEnv, root);
    if (code !== 0) throw new CliError("the build failed (see the output above)", EXIT.invalid);
  }
  io.err(`wf serve: http://${opts.host}:${opts.port}`);
  return runNext(["start", "--hostname", opts.host, "--port", opts.port], childEnv, root, serverNodeFlags());
}

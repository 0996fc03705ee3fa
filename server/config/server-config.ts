/**
 * Everything a server or CLI process reads from its environment, read once at start by the
 * composition root and passed down: nothing below it reads `process.env` for these again.
 */
import path from "node:path";
import { ENV_ALLOWLIST } from "@/lib/workflow/shell/node-environment";
import { appRoot, dataDir, dbPath, migrationsDir, pgMigrationsDir } from "./data-paths";
import type { EnvVars } from "./env-vars";
import { parseTrustedProxies, type TrustedProxies } from "./trusted-proxies";

/** `WF_SANDBOX`: `auto` sandboxes node processes when bubblewrap is there, `require` refuses to run them bare. */
export const SANDBOX_MODES = ["auto", "require", "off"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** How node processes are started (docs/sandbox.md). */
export interface ProcessSettings {
  sandbox: SandboxMode;
  /** `WF_BWRAP`: the bubblewrap program, a path or a name looked up on PATH (default `bwrap`). */
  bwrap: string;
  /** `WF_SPAWNER=local` spawns from this process; else through small helper processes. */
  spawner: "helper" | "local";
  /** `WF_SPAWNERS`: how many helper processes (default 2). */
  spawners: number;
  /** The allowlisted variables of this process's environment: all that children inherit from it. */
  hostEnv: Readonly<Record<string, string>>;
  /**
   * Paths no node process may see (database, key file, every run's workspace, providers file, the
   * app's own folder, the server's home folder); a node's own workspace is shown again on top.
   */
  hidden: readonly string[];
}

export interface ServerConfig {
  appRoot: string;
  dataDir: string;
  dbPath: string;
  /** Run workspaces: `<runsDir>/<run-id>/`. */
  runsDir: string;
  migrationsDir: string;
  /**
   * `WF_DATABASE_URL`: a `postgres://` URL puts every table in PostgreSQL instead of the SQLite file (unset:
   * SQLite at `dbPath`); its migrations are `pgMigrationsDir`.
   */
  databaseUrl?: string;
  pgMigrationsDir: string;
  /** `WF_API_TOKEN`: a bearer token that acts as an admin (unset: none). */
  apiToken?: string;
  /** How long a session lasts (`WF_SESSION_HOURS`, default 7 days). */
  sessionHours: number;
  /**
   * `WF_TRUSTED_PROXIES`: the reverse proxies whose forwarded headers (`X-Forwarded-For`, …) are
   * believed; from any other peer they are dropped (unset: none, the TCP peer is the client).
   */
  trustedProxies: TrustedProxies;
  limits: {
    /** Nodes running at once over all runs (`WF_MAX_PARALLEL`, default 32). */
    maxParallel?: number;
    /** Nodes running at once in one run (`WF_MAX_PARALLEL_PER_RUN`, default 16). */
    maxParallelPerRun?: number;
    /** Fires kept per trigger, the newest (`WF_TRIGGER_HISTORY`, default 10,000). */
    triggerHistory: number;
    /**
     * Seconds without a heartbeat after which a worker's running nodes are interrupted (`WF_WORKER_LOST_S`,
     * default 30; the same on every process of a deployment — workers beat every third of it).
     */
    workerLostS: number;
  };
  processes: ProcessSettings;
  /** The environment itself, for the parts that read a file it names (catalog, providers, secret key). */
  env: EnvVars;
}

/** A setting the environment gives in a form nobody can use: the message names the variable. */
export class ServerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServerConfigError";
  }
}

function positive(env: EnvVars, name: string): number | undefined {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

function sandboxMode(env: EnvVars): SandboxMode {
  const v = env.WF_SANDBOX?.trim().toLowerCase() || "auto";
  if ((SANDBOX_MODES as readonly string[]).includes(v)) return v as SandboxMode;
  throw new ServerConfigError(`WF_SANDBOX is "${env.WF_SANDBOX}": write auto, require or off`);
}

function databaseUrl(env: EnvVars): string | undefined {
  const v = env.WF_DATABASE_URL?.trim();
  if (!v) return undefined;
  if (/^postgres(ql)?:\/\//i.test(v)) return v;
  // The value may hold a password: name its scheme only.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1];
  throw new ServerConfigError(
    `WF_DATABASE_URL must be a postgres://user:password@host:port/database URL, not ${scheme ? `a ${scheme}: URL` : "this value"}`,
  );
}

/** The allowlisted variables present in `env`. */
export function allowedHostEnv(env: EnvVars): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ENV_ALLOWLIST) if (env[k] !== undefined) out[k] = env[k]!;
  return out;
}

/** What node processes must never see, for a process with these folders (docs/sandbox.md). */
export function hiddenPaths(o: { dataDir: string; runsDir: string; dbPath: string; appRoot: string; env: EnvVars }) {
  const db = o.dbPath;
  const list = [o.dataDir, o.runsDir, db, `${db}-wal`, `${db}-shm`, `${db}-journal`, o.appRoot];
  if (o.env.WF_PROVIDERS_FILE) list.push(path.resolve(o.env.WF_PROVIDERS_FILE));
  if (o.env.HOME) list.push(path.resolve(o.env.HOME));
  return [...new Set(list)];
}

/** Throws ServerConfigError for a WF_DATABASE_URL that is not a postgres:// URL, TrustedProxiesError naming a `WF_TRUSTED_PROXIES` entry that is not an address or range. */
export function readServerConfig(env: EnvVars = process.env): ServerConfig {
  const data = dataDir(env);
  const root = appRoot(env);
  const runsDir = path.join(data, "runs");
  const db = dbPath(env);
  return {
    appRoot: root,
    dataDir: data,
    dbPath: db,
    runsDir,
    migrationsDir: migrationsDir(env),
    ...(databaseUrl(env) ? { databaseUrl: databaseUrl(env) } : {}),
    pgMigrationsDir: pgMigrationsDir(env),
    ...(env.WF_API_TOKEN ? { apiToken: env.WF_API_TOKEN } : {}),
    sessionHours: positive(env, "WF_SESSION_HOURS") ?? 24 * 7,
    trustedProxies: parseTrustedProxies(env.WF_TRUSTED_PROXIES),
    limits: {
      maxParallel: positive(env, "WF_MAX_PARALLEL"),
      maxParallelPerRun: positive(env, "WF_MAX_PARALLEL_PER_RUN"),
      triggerHistory: Math.floor(positive(env, "WF_TRIGGER_HISTORY") ?? 10_000),
      workerLostS: positive(env, "WF_WORKER_LOST_S") ?? 30,
    },
    processes: {
      sandbox: sandboxMode(env),
      bwrap: env.WF_BWRAP?.trim() || "bwrap",
      spawner: env.WF_SPAWNER === "local" ? "local" : "helper",
      spawners: Math.max(1, Math.floor(positive(env, "WF_SPAWNERS") ?? 2)),
      hostEnv: allowedHostEnv(env),
      hidden: hiddenPaths({ dataDir: data, runsDir, dbPath: db, appRoot: root, env }),
    },
    env,
  };
}

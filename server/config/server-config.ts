/**
 * Everything a server or CLI process reads from its environment, read once at start by the
 * composition root and passed down: nothing below it reads `process.env` for these again.
 */
import path from "node:path";
import { appRoot, dataDir, dbPath, migrationsDir } from "./data-paths";
import type { EnvVars } from "./env-vars";
import { parseTrustedProxies, type TrustedProxies } from "./trusted-proxies";

export interface ServerConfig {
  appRoot: string;
  dataDir: string;
  dbPath: string;
  /** Run workspaces: `<runsDir>/<run-id>/`. */
  runsDir: string;
  migrationsDir: string;
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
  };
  /** The environment itself, for the parts that read a file it names (catalog, providers, secret key). */
  env: EnvVars;
}

function positive(env: EnvVars, name: string): number | undefined {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

/** Throws TrustedProxiesError naming a `WF_TRUSTED_PROXIES` entry that is not an address or range. */
export function readServerConfig(env: EnvVars = process.env): ServerConfig {
  const data = dataDir(env);
  return {
    appRoot: appRoot(env),
    dataDir: data,
    dbPath: dbPath(env),
    runsDir: path.join(data, "runs"),
    migrationsDir: migrationsDir(env),
    ...(env.WF_API_TOKEN ? { apiToken: env.WF_API_TOKEN } : {}),
    sessionHours: positive(env, "WF_SESSION_HOURS") ?? 24 * 7,
    trustedProxies: parseTrustedProxies(env.WF_TRUSTED_PROXIES),
    limits: {
      maxParallel: positive(env, "WF_MAX_PARALLEL"),
      maxParallelPerRun: positive(env, "WF_MAX_PARALLEL_PER_RUN"),
    },
    env,
  };
}

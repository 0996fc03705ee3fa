/**
 * The server's dependencies on PostgreSQL (`WF_DATABASE_URL`): the database opened and migrated, every store on
 * the SQL seam over its pool, the engine on `PgRunStore`, run events across processes on `PgEventBus`. Nodes run
 * in this process unless `WF_SERVE_WORKER=0`, which hands every node to `wf worker` processes through the job
 * queue, this server answering as their owner (docs/scale-out.md).
 */
import os from "node:os";
import { openPgDatabase } from "@/server/db/pg/open-pg-database";
import { pgSql } from "@/server/db/sql/pg-sql";
import type { ServerConfig } from "@/server/config/server-config";
import { createPgEventBus } from "@/server/engine/pg-event-bus";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { createQueueNodeLauncher } from "@/server/engine/queue-node-launcher";
import { ServerConfigError } from "@/server/config/server-config";
import type pg from "pg";
import { assembleServerDeps, type CreateServerDepsOptions, type ServerDeps } from "./server-deps";

/**
 * The owner name this server's runs and node jobs go by: the same after a restart, so the server takes up its
 * runs and the answers waiting for them (`WF_SERVER_NAME`, default `serve@<host>`).
 */
export function serverOwnerName(env: ServerConfig["env"]): string {
  return env.WF_SERVER_NAME?.trim() || `serve@${os.hostname()}`;
}

/** Whether this server runs nodes itself (`WF_SERVE_WORKER`, default 1) or leaves them to `wf worker`s (0). */
export function serverRunsNodes(env: ServerConfig["env"]): boolean {
  return env.WF_SERVE_WORKER?.trim() !== "0";
}

/** Any fixed 64-bit key, the same in every process: "wf_serve" in ASCII. */
const SERVE_LOCK = 0x77665f7365727665n;

/**
 * One web server per database until runs have owners (docs/scale-out.md, "What is left"): a session-level advisory
 * lock held on a connection of its own for as long as the server runs (a server that dies lets go of it).
 */
async function holdServeLock(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [SERVE_LOCK]);
  if (rows[0]?.ok) return client;
  client.release();
  throw new ServerConfigError(
    "another wf serve already serves this PostgreSQL database: one web server per database for now (add `wf worker` processes to run nodes elsewhere)",
  );
}

export async function openPgServerDeps(
  config: ServerConfig & { databaseUrl: string },
  o: Omit<CreateServerDepsOptions, "db"> = {},
): Promise<ServerDeps<PgRunStore>> {
  const database = await openPgDatabase(config.databaseUrl, { migrationsFolder: config.pgMigrationsDir });
  const { pool } = database;
  const lock = await holdServeLock(pool).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const owner = serverOwnerName(config.env);
  const launcher = serverRunsNodes(config.env)
    ? undefined
    : createQueueNodeLauncher({ pool, owner, lostMs: config.limits.workerLostS * 1000 });
  const runStore = new PgRunStore(pool, launcher ? { nodeJobs: { owner } } : {});
  const bus = createPgEventBus({ pool, store: runStore, applicationName: `wf-${owner}` });
  // The same teardown when the start fails half-way and when the server stops.
  const close = async () => {
    await launcher?.stop();
    await bus.close();
    lock.release();
    await database.close();
  };
  try {
    await bus.ready;
    await launcher?.start();
  } catch (err) {
    await close();
    throw err;
  }
  return assembleServerDeps(
    config,
    {
      sql: pgSql(pool),
      runStore,
      bus,
      ...(launcher ? { engine: { launchNode: launcher.launch } } : {}),
      close,
    },
    o,
  );
}

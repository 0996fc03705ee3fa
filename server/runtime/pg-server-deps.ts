/**
 * The server's dependencies on PostgreSQL (`WF_DATABASE_URL`): the database opened and migrated, every store on
 * the SQL seam over its pool, the engine on `PgRunStore`, run events across processes on `PgEventBus`. Any number
 * of servers may serve one database; one leads the runs (`serve-leadership.ts`, decision 055) and the others
 * relay their run commands to it (`run-command-relay.ts`). The leader runs nodes itself unless `WF_SERVE_WORKER=0`,
 * which hands every node to `wf worker` processes through the job queue, the leader answering as their owner
 * (docs/scale-out.md).
 */
import { randomUUID } from "node:crypto";
import { openPgDatabase } from "@/server/db/pg/open-pg-database";
import { pgSql } from "@/server/db/sql/pg-sql";
import type { ServerConfig } from "@/server/config/server-config";
import { createPgEventBus } from "@/server/engine/pg-event-bus";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { createQueueNodeLauncher } from "@/server/engine/queue-node-launcher";
import type { RunCommands } from "@/server/engine/run-commands";
import { listenForChanges, type ChangeNotice, type ChangeNotices } from "./change-notices";
import { createRunCommandRelay, type RunCommandRelay } from "./run-command-relay";
import { joinServeLeadership, type Leadership } from "./serve-leadership";
import { assembleServerDeps, type CreateServerDepsOptions, type ServerDeps } from "./server-deps";

/**
 * The owner name the runs and node jobs go by: the role of the server that leads the runs, the same on every web
 * server of one database and after a restart, so whichever leads takes up the runs and the answers waiting for
 * them (`WF_SERVER_NAME`, default `wf-serve`).
 */
export function serverOwnerName(env: ServerConfig["env"]): string {
  return env.WF_SERVER_NAME?.trim() || "wf-serve";
}

/** Whether this server runs nodes itself (`WF_SERVE_WORKER`, default 1) or leaves them to `wf worker`s (0). */
export function serverRunsNodes(env: ServerConfig["env"]): boolean {
  return env.WF_SERVE_WORKER?.trim() !== "0";
}

export interface PgServerDepsOptions extends Omit<CreateServerDepsOptions, "db"> {
  /** The lock that makes this server the leader broke (default: one line, exit 1 — it comes back as a follower). */
  onLeadershipLost?: () => void;
  /** How long a relayed run command waits for the leader's answer (ms; default 30 s). */
  relayTimeoutMs?: number;
}

function exitOnLostLeadership(): void {
  console.error(
    "wf: this server no longer holds the lead of the runs (its database connection broke): stopping, so that two servers never advance the same runs; start it again to serve as a follower",
  );
  process.exit(1);
}

/** Another server's change, here: a copy or a trigger read again, a fire passed on, an ended access's streams ended. */
function applyChange(deps: ServerDeps, n: ChangeNotice, log: (line: string) => void): void {
  const readAgain = (what: string, read: () => Promise<void>) =>
    void read().catch((err: unknown) =>
      log(`wf: could not read again the ${what} another server changed (${(err as Error).message})`),
    );
  if (n.kind === "secrets") readAgain("secrets", () => deps.secrets.refresh());
  else if (n.kind === "providers") readAgain("agent providers", () => deps.providerSettings.refresh());
  else if (n.kind === "trigger") readAgain(`trigger ${n.id}`, () => deps.triggers.scheduler.reload(n.id));
  else if (n.kind === "fire") deps.triggers.ctx.notices.publishHere(n.fire);
  else deps.accounts.live.endHere(n);
}

export async function openPgServerDeps(
  config: ServerConfig & { databaseUrl: string },
  o: PgServerDepsOptions = {},
): Promise<ServerDeps<PgRunStore>> {
  const database = await openPgDatabase(config.databaseUrl, { migrationsFolder: config.pgMigrationsDir });
  const { pool } = database;
  const log = (line: string) => console.error(line);
  const lostMs = config.limits.workerLostS * 1000;
  // Nothing more is written by this engine nor fired by its scheduler, whatever the hook then does.
  const lost = () => {
    built.deps?.engine.detach();
    built.deps?.triggers.scheduler.stop();
    (o.onLeadershipLost ?? exitOnLostLeadership)();
  };
  const leadership = await joinServeLeadership({
    pool,
    retryMs: Math.max(250, lostMs / 3),
    checkTimeoutMs: Math.max(1000, lostMs),
    onLost: lost,
    log,
  }).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const owner = serverOwnerName(config.env);
  const launcher = serverRunsNodes(config.env) ? undefined : createQueueNodeLauncher({ pool, owner, lostMs });
  const runStore = new PgRunStore(pool, launcher ? { nodeJobs: { owner } } : {});
  const bus = createPgEventBus({ pool, store: runStore, applicationName: `wf-${owner}` });
  const built: { deps?: ServerDeps<PgRunStore> } = {};
  let relay: RunCommandRelay | undefined;
  let notices: ChangeNotices | undefined;
  // The same teardown when the start fails half-way and when the server stops.
  const close = async () => {
    await notices?.close();
    await relay?.close();
    await launcher?.stop();
    await bus.close();
    await leadership.close();
    await database.close();
  };
  try {
    await bus.ready;
    notices = await listenForChanges({
      pool,
      serverId: randomUUID(),
      applicationName: `wf-${owner}-changes`,
      onNotice: (n) => built.deps && applyChange(built.deps, n, log),
      // Notices may have been missed: the copies read again, and every live stream ends (its client reconnects
      // and is checked again), so an access ended meanwhile on another server ends here too.
      onResync: () => {
        if (!built.deps) return;
        applyChange(built.deps, { kind: "secrets" }, log);
        applyChange(built.deps, { kind: "providers" }, log);
        built.deps.accounts.live.endAll();
      },
      log,
    });
    relay = await createRunCommandRelay({
      pool,
      local: () => local!,
      leadership,
      timeoutMs: o.relayTimeoutMs ?? 30_000,
      applicationName: `wf-${owner}-commands`,
      log,
    });
  } catch (err) {
    await close();
    throw err;
  }
  let local: RunCommands | undefined;
  let stopping = false;
  // The leader's work, in order, now or once it leads: the workers' answers, then what the caller gives (resume the
  // runs, start the schedules: lead-runs.ts), then the commands — never one before its run is resumed.
  const leading: Leadership = {
    get leading() {
      return leadership.leading;
    },
    onLead: (work) =>
      leadership.onLead(async () => {
        try {
          if (!stopping) await launcher?.start();
          if (!stopping) await work();
          if (!stopping) await relay!.serve();
        } catch (err) {
          // A server that holds the lead but cannot do its work lets it go (it exits), so another can lead.
          log(`wf: this server could not take up the lead of the runs: ${(err as Error).message}`);
          lost();
          throw err;
        }
      }),
  };
  const deps = assembleServerDeps(
    config,
    {
      sql: pgSql(pool),
      runStore,
      bus,
      ...(launcher ? { engine: { launchNode: launcher.launch } } : {}),
      runs: (own) => ((local = own), relay.commands),
      leadership: leading,
      announce: (n) => notices!.send(n),
      // Before the engine stops: no more commands, and those under way finish.
      quiesce: async () => {
        stopping = true;
        await relay?.stopServing();
      },
      close,
    },
    o,
  );
  built.deps = deps;
  return deps;
}

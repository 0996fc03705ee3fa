/**
 * The composition root's product: every long-lived dependency of a server process, built once
 * from its configuration and passed down — to the routers through the tRPC context
 * (`ctx.deps`), to the engine and its executors through their options. Nothing below reads a
 * global for these. This is the seam where another store, dispatcher or event bus plugs in.
 */
import type { RunStore, SyncRunStore } from "@/server/engine/run-store";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import { createAccounts, type Accounts } from "@/server/auth/accounts";
import { createLoginLimiter, type LoginLimiter, type LoginLimits } from "@/server/auth/login-limiter";
import type { ServerConfig } from "@/server/config/server-config";
import { openDatabase, type Db } from "@/server/db/open-database";
import type { SqlDb } from "@/server/db/sql/sql-db";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary, type TemplateLibrary } from "@/server/db/template-library";
import { realClock, type Clock } from "@/server/engine/clock";
import type { EngineOptions } from "@/server/engine/engine-options";
import { createRunEventBus, type RunEventBus } from "@/server/engine/event-bus";
import { libraryChildTemplates, type LibraryChildTemplates } from "@/server/engine/library-child-templates";
import { RunEngine } from "@/server/engine/orchestrator";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { createAgentProviders, type AgentProviders } from "@/server/providers/agent-providers";
import { createProviderSettings, type ProviderSettings } from "@/server/providers/provider-settings";
import { createProcessSandbox, type ProcessSandbox } from "@/server/sandbox/process-sandbox";
import { loadSecretKey } from "@/server/secrets/secret-key";
import { createFireNotices } from "@/server/triggers/fire-notices";
import { SqlTriggerStore } from "@/server/triggers/sql-trigger-store";
import { TriggerService } from "@/server/triggers/trigger-service";
import { createSecretVault, type SecretVault } from "@/server/secrets/secret-store";
import { localRunCommands, type RunCommands } from "@/server/engine/run-commands";
import type { ChangeNotice } from "./change-notices";
import type { Leadership } from "./serve-leadership";

/**
 * How long a tick of the server's engine may spend on nodes that finish at once (`instantNodesMs`): a
 * 100,000-node chain of them then holds each turn of the event loop a few milliseconds (its tick's 2 ms and
 * commit), not ~13 ms for 256 of them, and a request waits behind it that long per turn (decision 056).
 */
const SERVER_INSTANT_NODES_MS = 2;

export interface ServerDeps<S extends RunStore = RunStore> {
  readonly config: ServerConfig;
  /** The SQL seam over the same database (decision 051): what the stores on it, and the API's run reads, use. */
  readonly sql: SqlDb;
  /** Users, sessions, tokens, the audit log — on the SQL seam over the same database (decision 051). */
  readonly accounts: Accounts;
  /** The template library — on the SQL seam over the same database. */
  readonly library: TemplateLibrary;
  /** Workflow nodes' children, read from the library before a run starts (decision 052): `startWith`. */
  readonly children: LibraryChildTemplates;
  /** The engine's store: SQLite (answers at once) or PostgreSQL (`WF_DATABASE_URL`, promises). */
  readonly runStore: S;
  readonly bus: RunEventBus;
  readonly engine: RunEngine<S>;
  /**
   * Start, cancel, decide, re-run, retry — what the API and the triggers ask: this engine's, or handed to the web
   * server that leads the runs when several serve one PostgreSQL database (docs/scale-out.md).
   */
  readonly runs: RunCommands;
  /** Several web servers on PostgreSQL: whether this one leads the runs, and what it does once it does. */
  readonly leadership?: Leadership;
  /** The executor catalog in effect, read on each call (the user's file may change). */
  readonly catalog: () => ExecutorCatalog;
  readonly providers: AgentProviders;
  /** Providers saved in Settings (the `providers` above read them on each call). */
  readonly providerSettings: ProviderSettings;
  /** How node processes start; its status says whether they are sandboxed (health, Settings, run pages). */
  readonly sandbox: ProcessSandbox;
  readonly secrets: SecretVault;
  readonly clock: Clock;
  /** Password attempts per account and per client address (login, password change). */
  readonly loginLimiter: LoginLimiter;
  /** Schedules and webhooks (docs/triggers.md); the server's start calls `triggers.scheduler.start()`. */
  readonly triggers: TriggerService;
  /** Stops the engine (nothing more is written) and closes the database (on PostgreSQL: once the promise resolves). */
  close(): void | Promise<void>;
}

/** The dependencies over the SQLite file (the default): its store answers at once, and the file is at hand. */
export interface SqliteServerDeps extends ServerDeps<SqliteRunStore> {
  readonly db: Db;
  close(): void;
}

export interface CreateServerDepsOptions {
  clock?: Clock;
  /** An already open database (else `config.dbPath` is opened and migrated). */
  db?: Db;
  /** Engine options beyond what the configuration gives (tests: executors, shell, hooks). */
  engine?: Partial<Omit<EngineOptions<SyncRunStore>, "store">>;
  /** Password attempts allowed (tests: small limits, so few slow argon2 calls show them). */
  loginLimits?: LoginLimits;
  /** How node processes start (default: from `config.processes`). */
  sandbox?: ProcessSandbox;
}

/** What differs between the databases: the seam, the engine's store and bus, how nodes launch, how it all closes. */
export interface ServerStorage<S extends RunStore> {
  sql: SqlDb;
  runStore: S;
  bus: RunEventBus;
  /** Engine options the storage decides (PostgreSQL with workers: `launchNode`). */
  engine?: Partial<Omit<EngineOptions<S>, "store">>;
  /** The run commands as this server offers them, given the engine's own (PostgreSQL: relayed to the leader). */
  runs?: (local: RunCommands) => RunCommands;
  leadership?: Leadership;
  /** Tells the database's other servers what this one changed (several servers on PostgreSQL). */
  announce?: (notice: ChangeNotice) => void;
  /** Run first at close, before the scheduler and the engine stop (PostgreSQL: no more relayed commands). */
  quiesce?: () => Promise<void>;
  /** After the engine and the scheduler stopped: closes the database (and what listens on it). */
  close(): void | Promise<void>;
}

/**
 * Opens (and migrates) the SQLite file and builds the store, bus, providers, secrets and engine.
 * It resumes nothing: the server's start calls `engine.recoverRuns()` once the process is ready.
 */
export function createServerDeps(config: ServerConfig, o: CreateServerDepsOptions = {}): SqliteServerDeps {
  const db = o.db ?? openDatabase(config.dbPath, { migrationsFolder: config.migrationsDir });
  const deps = assembleServerDeps(
    config,
    {
      sql: sqliteSql(db),
      runStore: new SqliteRunStore(db),
      bus: createRunEventBus(),
      close: () => void db.$client.close(),
    },
    o,
  );
  return { ...deps, db, close: () => void deps.close() };
}

/** Everything above the storage, built once: the same for SQLite and PostgreSQL. */
export function assembleServerDeps<S extends RunStore>(
  config: ServerConfig,
  storage: ServerStorage<S>,
  o: Omit<CreateServerDepsOptions, "db"> = {},
): ServerDeps<S> {
  const { sql, runStore, bus } = storage;
  const clock = o.clock ?? realClock;
  const library = createLibrary(sql);
  const children = libraryChildTemplates(library);
  const sandbox = o.sandbox ?? createProcessSandbox(config.processes);
  const catalog = () => loadExecutorCatalog(config.env);
  let key: Buffer | undefined;
  const secretKey = () => (key ??= loadSecretKey({ env: config.env, dataDir: config.dataDir }));
  const { announce } = storage;
  const secrets = createSecretVault(sql, secretKey, announce && (() => announce({ kind: "secrets" })));
  const providerSettings = createProviderSettings(sql, announce && (() => announce({ kind: "providers" })));
  const providers = createAgentProviders(config.env, sandbox, {
    settings: providerSettings,
    secretValue: (name) => secrets.readValues([name])[name],
  });
  const engine = new RunEngine<S>({
    store: runStore,
    bus,
    clock,
    runsDir: config.runsDir,
    providers,
    catalog,
    sandbox,
    secretSource: (names) => secrets.readValues(names),
    childTemplates: children.source,
    concurrency: { global: config.limits.maxParallel, perRun: config.limits.maxParallelPerRun },
    instantNodesMs: SERVER_INSTANT_NODES_MS,
    ...storage.engine,
    ...o.engine,
  });
  const local = localRunCommands(engine, children);
  const runs = storage.runs?.(local) ?? local;
  const accounts = createAccounts(sql, announce && ((who) => announce({ kind: "access", ...who })));
  const triggers = new TriggerService({
    store: new SqlTriggerStore(sql),
    users: accounts.users,
    library,
    engine: runs,
    bus,
    clock,
    secretKey,
    apiTokenSet: config.apiToken !== undefined,
    historyMax: config.limits.triggerHistory,
    notices: createFireNotices(announce && ((fire) => announce({ kind: "fire", fire }))),
    ...(announce ? { announceChange: (id: string) => announce({ kind: "trigger", id }) } : {}),
  });
  return {
    config,
    sql,
    accounts,
    library,
    children,
    runStore,
    bus,
    engine,
    runs,
    ...(storage.leadership ? { leadership: storage.leadership } : {}),
    catalog,
    providers,
    providerSettings,
    sandbox,
    secrets,
    clock,
    loginLimiter: createLoginLimiter(o.loginLimits),
    triggers,
    close() {
      const rest = () => {
        triggers.scheduler.stop();
        engine.detach();
        return storage.close();
      };
      const quiet = storage.quiesce?.();
      return quiet ? quiet.then(rest) : rest();
    },
  };
}

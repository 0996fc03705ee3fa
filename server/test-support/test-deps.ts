/**
 * Test helper: the server's real dependencies (createServerDeps) on a fresh SQLite file in a temp
 * folder, built from an environment object of the test's own — never from `process.env`.
 */
import type { SyncRunStore } from "@/server/engine/run-store";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EnvVars } from "@/server/config/env-vars";
import { readServerConfig } from "@/server/config/server-config";
import type { Db } from "@/server/db/open-database";
import type { Clock } from "@/server/engine/clock";
import type { LoginLimits } from "@/server/auth/login-limiter";
import type { EngineOptions } from "@/server/engine/engine-options";
import { createServerDeps, type SqliteServerDeps } from "@/server/runtime/server-deps";

/** The bearer token every test server accepts as an admin (its configuration's WF_API_TOKEN). */
export const TEST_API_TOKEN = "wf-test-api-token";

export interface TestDeps {
  dir: string;
  file: string;
  deps: SqliteServerDeps;
  readonly db: Db;
  /** A restart: stops the engine, closes the database and builds new dependencies on the same folder. */
  restart(): SqliteServerDeps;
  /** Another server on the same folder and database file, beside this one (closed by `cleanup`). */
  another(): SqliteServerDeps;
  /** Stops the engine, closes the database and removes the folder. */
  cleanup(): void;
}

export interface TestDepsOptions {
  /** More environment for the configuration (the data folder, database and API token are set). */
  env?: EnvVars;
  engine?: Partial<EngineOptions<SyncRunStore>>;
  clock?: Clock;
  loginLimits?: LoginLimits;
}

export function createTestDeps(o: TestDepsOptions = {}): TestDeps {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-test-"));
  const file = path.join(dir, "wf.db");
  const config = readServerConfig({
    WF_DATA_DIR: dir,
    WF_DB_PATH: file,
    WF_API_TOKEN: TEST_API_TOKEN,
    WF_APP_ROOT: process.cwd(),
    ...o.env,
  });
  const build = () =>
    createServerDeps(config, {
      ...(o.clock ? { clock: o.clock } : {}),
      ...(o.engine ? { engine: o.engine } : {}),
      ...(o.loginLimits ? { loginLimits: o.loginLimits } : {}),
    });
  const others: SqliteServerDeps[] = [];
  const t: TestDeps = {
    dir,
    file,
    deps: build(),
    get db() {
      return t.deps.db;
    },
    restart() {
      t.deps.close();
      t.deps = build();
      return t.deps;
    },
    another() {
      const deps = build();
      others.push(deps);
      return deps;
    },
    cleanup() {
      for (const d of others) d.close();
      t.deps.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

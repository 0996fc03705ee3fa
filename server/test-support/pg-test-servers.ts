/**
 * Test helper: web servers on one PostgreSQL database, in this process — each its own dependencies (`openPgServerDeps`,
 * as `wf serve` builds them, the leader's work done as at start) and its own HTTP server on 127.0.0.1, all sharing
 * one data folder, as a deployment's servers share `WF_DATA_DIR`. `cleanup()` closes them, then the database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readServerConfig } from "@/server/config/server-config";
import { leadRunsWhenLeading } from "@/server/runtime/lead-runs";
import { openPgServerDeps, type PgServerDepsOptions } from "@/server/runtime/pg-server-deps";
import type { ServerDeps } from "@/server/runtime/server-deps";
import { httpCalls } from "./http-calls";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { startTrpcHttpServer, type TrpcHttpServer } from "./trpc-http-server";

export interface PgTestServer {
  deps: ServerDeps;
  http: TrpcHttpServer;
  base: string;
  call: ReturnType<typeof httpCalls>;
  db: TestDatabase;
  /** Stops it (its HTTP server, then its dependencies): what a server that is shut down does. */
  stop(): Promise<void>;
}

const quiet = { log: () => {}, error: () => {} };

/**
 * One web server on the database at `url` with the data folder `dir`, as `wf serve` starts it: its dependencies,
 * the examples seeded, the leader's work done now or put off until it leads, and its HTTP server on 127.0.0.1.
 */
export async function openPgTestServer(
  url: string,
  dir: string,
  env: Record<string, string> = {},
  o: PgServerDepsOptions = {},
): Promise<{ deps: ServerDeps; http: TrpcHttpServer }> {
  const config = readServerConfig({
    WF_DATA_DIR: dir,
    WF_APP_ROOT: process.cwd(),
    WF_DATABASE_URL: url,
    WF_WORKER_LOST_S: "1",
    ...env,
  });
  const deps = await openPgServerDeps({ ...config, databaseUrl: config.databaseUrl! }, o);
  await deps.library.seedExamples();
  await leadRunsWhenLeading(deps, quiet);
  return { deps, http: await startTrpcHttpServer(deps) };
}

export class PgTestServers {
  database: TestDatabase | undefined;
  dir: string | undefined;
  private readonly opened: PgTestServer[] = [];

  async serve(env: Record<string, string> = {}, o: PgServerDepsOptions = {}): Promise<PgTestServer> {
    this.database ??= await createTestDatabase({ migrate: false });
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-serve-"));
    const { deps, http } = await openPgTestServer(this.database.url, this.dir, env, o);
    let stopped = false;
    const server: PgTestServer = {
      deps,
      http,
      base: http.base,
      call: httpCalls(http.base),
      db: this.database,
      async stop() {
        if (stopped) return;
        stopped = true;
        await http.close();
        await deps.close();
      },
    };
    this.opened.push(server);
    return server;
  }

  async cleanup(): Promise<void> {
    for (const s of this.opened.splice(0).reverse()) await s.stop();
    await this.database?.close();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    this.database = this.dir = undefined;
  }
}

/** A tRPC answer's data, or an error naming the status and the error. */
export async function data(res: Response): Promise<Record<string, never>> {
  const body = (await res.json()) as { result?: { data: Record<string, unknown> }; error?: unknown };
  if (!body.result) throw new Error(`the API answered ${res.status}: ${JSON.stringify(body.error)}`);
  return body.result.data as Record<string, never>;
}

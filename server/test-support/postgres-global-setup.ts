/**
 * vitest globalSetup: one PostgreSQL server for the whole run, started only when a test file first asks for it
 * (`testPostgresUrl()` in ./test-database.ts), so a run without PostgreSQL tests starts nothing. It is
 * `WF_TEST_DATABASE_URL` when set, else a private cluster (./postgres-cluster.ts) that is stopped and deleted at
 * teardown — and at exit, which vitest reaches on Ctrl-C without running teardown.
 *
 * Test files are forks: they ask this process over a loopback HTTP endpoint given to them with `provide`, and get
 * `{ url }` or `{ error }` (why the cluster could not start, said once for every file that asks).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { privatePostgresCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where test files ask for the run's PostgreSQL server (see testPostgresUrl). */
    postgresBroker: string;
  }
}

type Answer = { url: string } | { error: string };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = privatePostgresCluster();
  let answer: Promise<Answer> | undefined;
  const external = process.env.WF_TEST_DATABASE_URL?.trim();
  const serverUrl = (): Promise<Answer> =>
    (answer ??= external
      ? Promise.resolve({ url: external })
      : cluster.start().then(
          (url) => ({ url }),
          (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }),
        ));
  // Nothing to stop when no file asked, or when the server is WF_TEST_DATABASE_URL's.
  const stop = () => cluster.stop();
  const broker = http.createServer((_req, res) => {
    void serverUrl().then((a) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(a)));
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  project.provide("postgresBroker", `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  process.once("exit", stop);
  return async () => {
    await new Promise((resolve) => broker.close(resolve));
    // A cluster still starting when the last file ended is stopped once it is up.
    await answer;
    stop();
    process.off("exit", stop);
  };
}

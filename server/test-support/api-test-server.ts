/**
 * Test helper: fresh dependencies (a new SQLite file) and the app's tRPC endpoint on a real
 * 127.0.0.1 port; `stop` closes the port, then the dependencies (the engine stops before the file closes).
 */
import { createTestDeps, type TestDeps, type TestDepsOptions } from "./test-deps";
import { startTrpcHttpServer, type TrpcHttpServer } from "./trpc-http-server";

export async function startApiTestServer(
  o: TestDepsOptions = {},
): Promise<{ t: TestDeps; http: TrpcHttpServer; stop(): Promise<void> }> {
  const t = createTestDeps(o);
  const http = await startTrpcHttpServer(t.deps);
  return {
    t,
    http,
    async stop() {
      t.deps.engine.detach();
      await http.close();
      t.cleanup();
    },
  };
}

/**
 * Test helper run as its own process (`node --import tsx server/test-support/api-server-process.ts`): the
 * app's tRPC endpoint on fresh test dependencies, on a real 127.0.0.1 port. Prints one line of JSON
 * (`{ "base": "http://127.0.0.1:<port>/api/trpc", "dir": "<data folder>" }`) once it listens; SIGTERM
 * stops it. A test that may freeze a server's event loop talks to this one, so the test itself keeps
 * running and can say so.
 */
import { startApiTestServer } from "./api-test-server";

const server = await startApiTestServer();
process.stdout.write(`${JSON.stringify({ base: server.http.base, dir: server.t.dir })}\n`);
process.on("SIGTERM", () => {
  void server.stop().then(() => process.exit(0));
});

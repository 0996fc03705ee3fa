/**
 * Test helper run as its own process (`node --import tsx server/test-support/pg-serve-process.ts <database url>
 * <data folder>`): one web server on that PostgreSQL database, as `openPgTestServer` starts it (nodes in its own
 * process). Prints its tRPC base URL once it listens. Tests SIGKILL it to see what the other servers do.
 */
import { openPgTestServer } from "./pg-test-servers";

const [url, dir] = process.argv.slice(2);
if (!url || !dir) throw new Error("usage: pg-serve-process.ts <database url> <data folder>");
const { http } = await openPgTestServer(url, dir);
process.stdout.write(`${http.base}\n`);

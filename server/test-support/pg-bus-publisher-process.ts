/**
 * Test helper run as its own process (`node --import tsx server/test-support/pg-bus-publisher-process.ts <url>
 * <run-id> <commits> <events-per-commit>`): stores the run, then `commits` commits of `node.log` events
 * through a PgRunStore, publishing each on a PostgreSQL event bus; prints `{ "lastId": … }`, closes the bus
 * and the pool, and exits by itself (a handle left open would keep it running).
 */
import pg from "pg";
import { createPgEventBus } from "@/server/engine/pg-event-bus";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { logLines, startRuns } from "./run-event-rows";

const [url, runId, commits, perCommit] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url });
const store = new PgRunStore(pool);
const bus = createPgEventBus({ pool, store, applicationName: "wf-bus-publisher" });
await bus.ready;
let lastId = (await startRuns(store, bus, [runId])).at(-1)!.id;
for (let i = 0; i < Number(commits); i++)
  lastId = (await logLines(store, bus, [runId], Number(perCommit), `commit ${i}`)).at(-1)!.id;
await bus.close();
await pool.end();
process.stdout.write(`${JSON.stringify({ lastId })}\n`);

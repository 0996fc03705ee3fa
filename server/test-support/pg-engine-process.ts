/**
 * Test helper run as its own process (`node --import tsx server/test-support/pg-engine-process.ts <url>
 * <runs-dir> <template.json>`): an engine on the PostgreSQL store at `url` starts one run of the template and
 * prints `{ "runId": … }` once it is stored, then keeps running it — until the test kills the process.
 */
import fs from "node:fs";
import pg from "pg";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { RunEngine } from "@/server/engine/orchestrator";
import { PgRunStore } from "@/server/engine/pg-run-store";

const [url, runsDir, file] = process.argv.slice(2);
const parsed = parseTemplate(JSON.parse(fs.readFileSync(file, "utf8")));
if (!parsed.ok) throw new Error(`pg-engine-process: ${file} is not a template`);
const engine = new RunEngine({ store: new PgRunStore(new pg.Pool({ connectionString: url })), runsDir });
const { runId } = await engine.startRunGrouped({ template: parsed.template });
process.stdout.write(`${JSON.stringify({ runId })}\n`);

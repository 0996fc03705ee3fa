/**
 * `wf run <file|template-id> --var k=v … [--json] [--approve all] [--answer NODE=VALUE …] [--db file]`
 * Runs a template on the engine with a SQLite file (temporary unless --db). Steps:
 * 1. parse options; 2. load the template (file via importWorkflow + validation, or a saved id);
 * 3. open the database and the engine; 4. resume the same unfinished run or start a new one;
 * 5. print progress on stderr until the run settles; 6. print the summary or the JSON object.
 * Exit: 0 succeeded, 1 failed / invalid input, 2 usage or unreadable file, 3 waiting for a person.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { extensionOf } from "@/lib/formats/import-workflow";
import { validateWorkflow } from "@/lib/formats/validate-workflow";
import { formatDiagnostic, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import { formatRunSummary } from "@/lib/workflow/run/format-run-progress";
import { planRun } from "@/lib/workflow/run/run-plan";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { readWorkflowFile } from "@/server/cli/io/read-workflow-file";
import { dbPath } from "@/server/config/data-paths";
import { newId } from "@/server/db/new-id";
import { openDatabase, type Db } from "@/server/db/open-database";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary, type TemplateLibrary } from "@/server/db/template-library";
import { TemplateStoreError } from "@/server/db/template-store";
import { RunInputError } from "@/server/engine/engine-errors";
import { createRunEventBus } from "@/server/engine/event-bus";
import { RunEngine, type AutoDecision } from "@/server/engine/orchestrator";
import { environmentSecretSource } from "@/server/engine/run-secrets";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import { createAgentProviders } from "@/server/providers/agent-providers";
import { readCliConfig } from "@/server/cli/io/read-cli-config";
import { createProcessSandbox, type ProcessSandbox } from "@/server/sandbox/process-sandbox";
import { cliChildTemplates } from "./cli-child-templates";
import { followRunProgress } from "./follow-run-progress";
import { runJson } from "./run-json";

export interface RunOptions {
  var: string[];
  answer: string[];
  json?: boolean;
  approve?: string;
  db?: string;
  dryRun?: boolean;
  mock: string[];
  fail: string[];
}

export function pairs(list: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new CliError(`${flag} expects NAME=VALUE, got "${item}"`, EXIT.usage);
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

export function printDiagnostics(io: CliIo, diagnostics: Diagnostic[], file?: string): void {
  for (const d of diagnostics) io.err(formatDiagnostic({ ...d, ...(file ? { file } : {}) }));
}

/** A path-like argument is a file; anything else is a saved template id. */
function looksLikeFile(target: string): boolean {
  return fs.existsSync(target) || extensionOf(target) !== "" || target.includes("/");
}

export async function loadTemplate(
  target: string,
  library: () => TemplateLibrary,
  io: CliIo,
): Promise<{ template: Template; templatePk?: string; version?: number }> {
  if (looksLikeFile(target)) {
    const validation = validateWorkflow(readWorkflowFile(target));
    if (!validation.ok || !validation.template) {
      printDiagnostics(io, validation.diagnostics, target);
      throw new CliError(`${target} is not a valid workflow; nothing was run`, EXIT.invalid);
    }
    return { template: validation.template };
  }
  try {
    const t = await library().get(target);
    return { template: t.template, templatePk: t.id, version: t.version };
  } catch (err) {
    if (err instanceof TemplateStoreError) {
      printDiagnostics(io, err.diagnostics);
      throw new CliError(
        err.kind === "not_found" && !err.deleted ? `no saved template "${target}" (and no such file)` : err.message,
        EXIT.invalid,
      );
    }
    throw err;
  }
}

/**
 * A `--var` the template does not declare is invalid input (exit 1, docs/cli.md: 1 = invalid
 * input or a failed run, 2 = usage): a misspelt name would otherwise run with the default silently.
 * Checked before any run is looked up or stored.
 */
function refuseUndeclaredVars(template: Template, vars: Record<string, string>, target: string, io: CliIo): void {
  const undeclared = Object.keys(vars).filter((k) => !Object.hasOwn(template.context_schema, k));
  if (!undeclared.length) return;
  printDiagnostics(
    io,
    undeclared.map((k) => ({ severity: "error" as const, code: "RUN024", message: RUN_CODES.RUN024(k), field: k })),
    target,
  );
  const declared = Object.keys(template.context_schema);
  throw new CliError(
    `--var ${undeclared.join(", ")}: not declared by ${target} (it declares ${declared.length ? declared.join(", ") : "no variables"}); nothing was run`,
    EXIT.invalid,
  );
}

/** An unfinished run of the same template with the same variables: continue it instead of starting over. */
function findResumable(store: SqliteRunStore, template: Template, vars: Record<string, string>): string | undefined {
  for (const id of store.openRunIds()) {
    const stored = store.loadRun(id);
    if (!stored || stored.template.template_id !== template.template_id) continue;
    const given = Object.entries(vars).every(([k, v]) => stored.state.vars[k] === v);
    if (given) return id;
  }
  return undefined;
}

export function exitCodeFor(state: RunState): number {
  if (state.status === "succeeded") return EXIT.ok;
  if (state.status === "waiting") return EXIT.waiting;
  return EXIT.invalid;
}

/**
 * How this command's node processes start: the environment's settings, with its own runs folder and
 * database hidden too. The spawner helper pays off in the server's large heap; from this small process
 * spawning directly is faster (no helper to start; measured in npm run bench:cli). The user's choice stands.
 */
function cliProcessSandbox(runsDir: string, db: string | undefined): ProcessSandbox {
  const config = readCliConfig(process.env);
  const dbFile = db ? path.resolve(db) : undefined;
  const own = [runsDir, ...(dbFile ? [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, `${dbFile}-journal`] : [])];
  return createProcessSandbox({
    ...config.processes,
    spawner: process.env.WF_SPAWNER ? config.processes.spawner : "local",
    hidden: [...config.processes.hidden, ...own],
  });
}

export async function runCommand(target: string, opts: RunOptions, io: CliIo): Promise<number> {
  // 1. Options.
  const vars = pairs(opts.var, "--var");
  const answers = pairs(opts.answer, "--answer");
  if (opts.approve !== undefined && opts.approve !== "all")
    throw new CliError(`--approve only accepts "all"`, EXIT.usage);
  // 2.–3. Template and database. Without --db the run is thrown away at the end, so it lives in memory:
  // a file would cost a file creation and a WAL write per engine tick for nothing.
  const tempDir = opts.db ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "wf-run-"));
  const runsDir = opts.db ? path.join(path.dirname(path.resolve(opts.db)), "runs") : path.join(tempDir!, "runs");
  let db: Db | undefined;
  const openDb = () => (db ??= openDatabase(opts.db ? path.resolve(opts.db) : ":memory:"));
  const idDb = () => {
    if (opts.db) return openDb();
    if (!fs.existsSync(dbPath()))
      throw new CliError(`no saved template "${target}" (no database at ${dbPath()})`, EXIT.invalid);
    return openDatabase(dbPath(), { readonly: true });
  };
  try {
    const library = () => createLibrary(sqliteSql(idDb()));
    const { template, templatePk, version } = await loadTemplate(target, library, io);
    refuseUndeclaredVars(template, vars, target, io);
    const store = new SqliteRunStore(openDb());
    const bus = createRunEventBus();
    const autoDecide = ({
      nodeId,
      request,
    }: {
      nodeId: string;
      request: { kind: string };
    }): AutoDecision | undefined => {
      if (answers[nodeId] !== undefined)
        return request.kind === "gate"
          ? { decision: answers[nodeId] }
          : { decision: answers[nodeId] === "reject" ? "reject" : "approve", answer: answers[nodeId] };
      if (opts.approve === "all" && request.kind !== "gate") return { decision: "approve" };
      return undefined;
    };
    // Workflow nodes' children, read now (decision 052): files relative to the calling file, else saved templates.
    const childTemplates = await cliChildTemplates(template, looksLikeFile(target) ? target : undefined, () => {
      try {
        return library();
      } catch {
        return undefined;
      }
    });
    const sandbox = cliProcessSandbox(runsDir, opts.db);
    if (!sandbox.status.sandboxed) io.err(`wf: node processes are ${sandbox.status.summary}`);
    const engine = new RunEngine({
      store,
      bus,
      runsDir,
      autoDecide,
      sandbox,
      // This command's composition root: the providers and catalog its environment configures.
      providers: createAgentProviders(process.env, sandbox),
      catalog: () => loadExecutorCatalog(process.env),
      // No account or server: `{secrets.NAME}` reads WF_SECRET_<NAME> from this process's environment.
      secretSource: environmentSecretSource(process.env),
      // Workflow nodes' children: files relative to the calling file, else saved templates.
      childTemplates,
    });
    // 4. Resume or start; progress is subscribed before the first event.
    const resumable = findResumable(store, template, vars);
    const runId = resumable ?? newId("run");
    const spec = { current: undefined as ReturnType<typeof makeRunSpec> | undefined };
    // A new run's plan is planRun(template), as the engine makes it: planning here costs a fraction of reading
    // the run back (loadRun re-parses the template and every node row). A resumed run keeps its stored plan.
    const planned = resumable ? undefined : planRun(template);
    if (planned?.ok) spec.current = makeRunSpec(template, planned.plan);
    const printBatch = followRunProgress({ bus, engine, store, io }, runId, spec);
    if (resumable) {
      io.err(`resuming run ${resumable}`);
      engine.resumeRun(resumable);
    } else {
      try {
        engine.startRun({
          template,
          variables: vars,
          refuseUndeclared: true,
          templatePk,
          templateVersion: version,
          runId,
          ...(looksLikeFile(target) ? { sourceFile: target } : {}),
        });
      } catch (err) {
        if (!(err instanceof RunInputError)) throw err;
        printDiagnostics(io, err.diagnostics);
        throw new CliError(`the run was not started`, EXIT.invalid);
      }
    }
    if (!spec.current) {
      const stored = store.loadRun(runId)!;
      spec.current = makeRunSpec(stored.template, stored.plan);
    }
    // 5. Wait until finished or waiting for a person.
    const state = await engine.settled(runId);
    printBatch();
    // 6. Report.
    if (opts.json) {
      io.out(JSON.stringify(runJson(spec.current, state, runId, engine, store)));
    } else {
      io.err(formatRunSummary(spec.current, state, template.name));
      if (state.status === "waiting")
        io.err(
          opts.db
            ? `run ${runId} is waiting for a person: continue with --answer NODE=VALUE --db ${opts.db}`
            : `run ${runId} is waiting for a person (use --db FILE to keep it and answer later)`,
        );
    }
    return exitCodeFor(state);
  } finally {
    db?.$client.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/**
 * `wf run <file> --dry-run [--mock NODE=OUTPUT …] [--fail NODE …]`: the run simulated (docs/simulate.md) — the
 * same checks as a real start, the same progress lines marked `(simulated)`, the same summary and the exit code a
 * real run with these outcomes would give. `--answer` and `--approve all` decide as in a real run; a person
 * nobody answers waits (exit 3). Nothing is spawned, written or sent; no database is opened for a file.
 */
import { formatProgressLine, formatRunSummary } from "@/lib/workflow/run/format-run-progress";
import { applyRunEvent } from "@/lib/workflow/run/apply-run-event";
import { initialRunState } from "@/lib/workflow/run/run-state";
import type { SimulationMock } from "@/lib/workflow/simulate/simulation-input";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { dbPath } from "@/server/config/data-paths";
import { openDatabase } from "@/server/db/open-database";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary } from "@/server/db/template-library";
import { RunInputError } from "@/server/engine/engine-errors";
import { environmentSecretSource } from "@/server/engine/run-secrets";
import { simulateTemplate } from "@/server/engine/simulate-template";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import { exitCodeFor, loadTemplate, pairs, printDiagnostics, type RunOptions } from "./run-command";

export async function dryRunCommand(target: string, opts: RunOptions, io: CliIo): Promise<number> {
  const vars = pairs(opts.var, "--var");
  const answers = pairs(opts.answer, "--answer");
  if (opts.approve !== undefined && opts.approve !== "all")
    throw new CliError(`--approve only accepts "all"`, EXIT.usage);
  const mocks: Record<string, SimulationMock> = {};
  for (const [id, output] of Object.entries(pairs(opts.mock, "--mock"))) mocks[id] = { status: "done", output };
  for (const id of opts.fail) mocks[id] = { ...mocks[id], status: "failed" };
  const library = () => createLibrary(sqliteSql(openDatabase(dbPath(), { readonly: true })));
  const { template } = await loadTemplate(target, library, io);
  let simulated;
  try {
    simulated = simulateTemplate({
      template,
      variables: vars,
      mocks,
      decisions: answers,
      undecided: opts.approve === "all" ? "approvals" : "wait",
      catalog: () => loadExecutorCatalog(process.env),
      secretSource: environmentSecretSource(process.env),
    });
  } catch (err) {
    if (!(err instanceof RunInputError)) throw err;
    printDiagnostics(io, err.diagnostics);
    throw new CliError(`the simulation was not started`, EXIT.invalid);
  }
  const { spec, trace, result } = simulated;
  // The progress lines, replayed over the simulated events with the state after each.
  let state = initialRunState(spec.plan, trace.state.runId, trace.state.vars);
  for (const event of trace.events) {
    state = applyRunEvent(spec, state, event).state;
    for (const line of formatProgressLine(spec, state, event)) io.err(`${line} (simulated)`);
  }
  if (opts.json)
    io.out(
      JSON.stringify({
        run: { id: null, status: result.status, simulated: true },
        nodes: result.nodes,
        gates: result.gates,
        assumed: result.assumed,
        batches: result.batches,
      }),
    );
  else io.err(formatRunSummary(spec, trace.state, `${template.name} (simulated)`));
  return exitCodeFor(trace.state);
}

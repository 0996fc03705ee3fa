/** `wf run <file|template-id> …`: the definition only; `run-command.ts` is loaded when the command runs. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";
import { CliError } from "@/server/cli/io/exit-codes";
import type { RunOptions } from "./run-command";

const collect = (value: string, acc: string[]) => [...acc, value];

export function registerRun(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("run <fileOrTemplateId>")
    .description("Run a template file or a saved template id on the engine")
    .option("--var <k=v>", "a variable value (repeatable)", collect, [])
    .option("--json", "print one JSON object")
    .option("--approve <what>", "approve checkpoints and human steps: all")
    .option("--answer <node=value>", "answer for a human node or gate (repeatable)", collect, [])
    .option("--db <file>", "SQLite file to keep the run in (temporary by default)")
    .option("--dry-run", "simulate: nothing runs, nothing is stored")
    .option("--mock <node=output>", "with --dry-run: the node succeeds with this output (repeatable)", collect, [])
    .option("--fail <node>", "with --dry-run: the node fails (repeatable)", collect, [])
    .action(async (target: string, opts: RunOptions) => {
      try {
        if (opts.dryRun) {
          const { dryRunCommand } = await import("./dry-run-command");
          result.code = await dryRunCommand(target, opts, io);
          return;
        }
        const { runCommand } = await import("./run-command");
        result.code = await runCommand(target, opts, io);
      } catch (err) {
        // `--json` promises exactly one object on stdout, also when the run never started.
        if (opts.json && err instanceof CliError)
          io.out(JSON.stringify({ run: { id: null, status: "failed" }, nodes: [], error: err.message }));
        throw err;
      }
    });
}

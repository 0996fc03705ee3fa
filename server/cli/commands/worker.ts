/** `wf worker [--concurrency N] [--drain-s S]`: the definition only; the work (and the drivers) load when it runs. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";

function positiveInt(flag: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new CliError(`${flag} expects a whole number ≥ ${min}, got "${value}"`, EXIT.usage);
    return n;
  };
}

export function registerWorker(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("worker")
    .description(
      "Run nodes from the PostgreSQL job queue (WF_DATABASE_URL), no HTTP server; SIGTERM drains (docs/scale-out.md)",
    )
    .option("-c, --concurrency <n>", "nodes to run at once", positiveInt("--concurrency", 1), 4)
    .option(
      "--drain-s <s>",
      "on SIGTERM, seconds running nodes get to finish before they are stopped",
      positiveInt("--drain-s", 0),
      30,
    )
    .action(async (opts: { concurrency: number; drainS: number }) => {
      const { workerCommand } = await import("./worker-command");
      result.code = await workerCommand(opts, io);
    });
}

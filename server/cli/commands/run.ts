/** `wf run <fileOrTemplateId>` — Run a template file or a saved template id on the engine. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/cli-io";
import { CliError, EXIT } from "@/server/cli/exit-codes";

export function registerRun(program: Command, _io: CliIo, _result: CommandResult): Command {
  return program
    .command("run <fileOrTemplateId>")
    .description("Run a template file or a saved template id on the engine")
    .option("--var <k=v...>", "a variable value (repeatable)")
    .option("--json", "print one JSON object")
    .option("--approve <what>", "approve checkpoints and human steps: all")
    .option("--answer <node=value...>", "answer for a human node or gate (repeatable)")
    .option("--db <file>", "SQLite file to keep the run in (temporary by default)")
    .action(() => {
      throw new CliError("wf run is not implemented yet", EXIT.usage);
    });
}

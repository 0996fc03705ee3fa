/** `wf describe <text>` — Turn a sentence into a workflow template. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/cli-io";
import { CliError, EXIT } from "@/server/cli/exit-codes";

export function registerDescribe(program: Command, _io: CliIo, _result: CommandResult): Command {
  return program
    .command("describe <text>")
    .description("Turn a sentence into a workflow template")
    .option("--json", "print the template as JSON")
    .action(() => {
      throw new CliError("wf describe is not implemented yet", EXIT.usage);
    });
}

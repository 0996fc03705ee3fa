/** `wf convert <file>` — Convert between template JSON, Mermaid, playbook YAML and the ASCII pipeline. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/cli-io";
import { CliError, EXIT } from "@/server/cli/exit-codes";

export function registerConvert(program: Command, _io: CliIo, _result: CommandResult): Command {
  return program
    .command("convert <file>")
    .description("Convert between template JSON, Mermaid, playbook YAML and the ASCII pipeline")
    .requiredOption("--to <format>", "json | mermaid | yaml | ascii")
    .option("--inject-checkpoints", "inject checkpoints before converting")
    .action(() => {
      throw new CliError("wf convert is not implemented yet", EXIT.usage);
    });
}

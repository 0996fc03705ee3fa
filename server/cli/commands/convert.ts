/** `wf convert <file> --to json|mermaid|yaml|ascii [--inject-checkpoints]`: the definition only. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";

export function registerConvert(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("convert <file>")
    .description("Convert between template JSON, Mermaid, playbook YAML and the ASCII pipeline")
    .requiredOption("--to <format>", "json | mermaid | yaml | ascii")
    .option("--inject-checkpoints", "inject checkpoints before converting")
    .action(async (file: string, opts: { to: string; injectCheckpoints?: boolean }) => {
      const { convertCommand } = await import("./convert-command");
      result.code = convertCommand(file, opts, io);
    });
}

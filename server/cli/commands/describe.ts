/** `wf describe "<text>" [--json] [--no-agent]`: the definition only. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";

export function registerDescribe(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("describe <text>")
    .description("Turn a sentence into a workflow template")
    .option("--json", "print the template as one JSON object")
    .option("--no-agent", "use the built-in rules even when an agent provider is configured")
    .action(async (text: string, opts: { json?: boolean; agent?: boolean }) => {
      const { describeCommand } = await import("./describe-command");
      result.code = await describeCommand(text, opts, io);
    });
}

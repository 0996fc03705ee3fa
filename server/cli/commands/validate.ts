/** `wf validate <file> [--json]`: the definition only; the work is loaded when the command runs. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";

export function registerValidate(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("validate <file>")
    .description("Validate a template (.json), Mermaid (.mmd/.mermaid/.md) or playbook (.yml/.yaml)")
    .option("--json", "print one JSON object: { ok, mode, diagnostics }")
    .action(async (file: string, opts: { json?: boolean }) => {
      const { validateCommand } = await import("./validate-command");
      result.code = await validateCommand(file, opts, io);
    });
}

/** `wf validate <file>` — Validate a template (.json), Mermaid (.mmd/.mermaid/.md) or playbook (.yml/.yaml). */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/cli-io";
import { CliError, EXIT } from "@/server/cli/exit-codes";

export function registerValidate(program: Command, _io: CliIo, _result: CommandResult): Command {
  return program
    .command("validate <file>")
    .description("Validate a template (.json), Mermaid (.mmd/.mermaid/.md) or playbook (.yml/.yaml)")
    .option("--json", "print one JSON object: { ok, mode, diagnostics }")
    .action(() => {
      throw new CliError("wf validate is not implemented yet", EXIT.usage);
    });
}

/**
 * The `wf` command line as commander sees it: every subcommand of docs/cli.md with its options and help.
 * Loaded by main() for everything but the plain `wf validate <file> [--json]`, which needs none of it.
 */
import { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";
import { registerConvert } from "./commands/convert";
import { registerDescribe } from "./commands/describe";
import { registerMigrate } from "./commands/migrate";
import { registerRun } from "./commands/run";
import { registerServe } from "./commands/serve";
import { registerValidate } from "./commands/validate";
import { registerWorker } from "./commands/worker";

export { CommanderError } from "commander";

export function buildProgram(io: CliIo, result: CommandResult): Command {
  const program = new Command("wf")
    .description("Wf Composer: describe, import, validate and run workflow DAGs")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  for (const register of [
    registerValidate,
    registerConvert,
    registerDescribe,
    registerRun,
    registerServe,
    registerWorker,
    registerMigrate,
  ]) {
    const cmd = register(program, io, result);
    cmd.exitOverride().showHelpAfterError();
  }
  return program;
}

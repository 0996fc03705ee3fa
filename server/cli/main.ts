/**
 * `wf` entry: registers every subcommand of DESIGN.md §9 and maps failures to exit codes. Only the
 * definitions load here; each subcommand imports its work when it runs, so `wf --help` stays small.
 */
import { Command, CommanderError } from "commander";
import { processIo, type CliIo, type CommandResult } from "./cli-io";
import { registerConvert } from "./commands/convert";
import { registerDescribe } from "./commands/describe";
import { registerRun } from "./commands/run";
import { registerServe } from "./commands/serve";
import { registerValidate } from "./commands/validate";
import { CliError, EXIT } from "./exit-codes";

export function buildProgram(io: CliIo, result: CommandResult): Command {
  const program = new Command("wf")
    .description("Wf Composer: describe, import, validate and run workflow DAGs")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  for (const register of [registerValidate, registerConvert, registerDescribe, registerRun, registerServe]) {
    const cmd = register(program, io, result);
    cmd.exitOverride().showHelpAfterError();
  }
  return program;
}

/** Runs the CLI and resolves to the process exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const result: CommandResult = { code: EXIT.ok };
  const program = buildProgram(io, result);
  try {
    await program.parseAsync(argv);
    return result.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help / --version exit 0; every other commander error is a usage error.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    // A database file that cannot be opened is an unreadable file (exit 2), said in one line.
    // Matched by name: importing the class would load the database driver for every command.
    if (err instanceof Error && err.name === "DatabaseOpenError") {
      io.err(`wf: ${err.message}`);
      return EXIT.usage;
    }
    if (err instanceof CliError) {
      io.err(`wf: ${err.message}`);
      return err.exitCode;
    }
    io.err(`wf: unexpected error: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.invalid;
  }
}

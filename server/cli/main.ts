/**
 * `wf` entry: runs a command line and maps failures to exit codes. The plain `wf validate <file> [--json]`
 * goes straight to its command; every other line goes through commander (./program), loaded only then:
 * reading and building commander costs ~10 ms of a start that should take 150 ms in all
 * (docs/decisions/020-cli-start-budget.md).
 */
import { processIo, type CliIo, type CommandResult } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { plainValidateArgs } from "./plain-validate-args";

/** Runs the CLI and resolves to the process exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const result: CommandResult = { code: EXIT.ok };
  let program: typeof import("./program") | undefined;
  try {
    const validate = plainValidateArgs(argv);
    if (validate) {
      const { validateCommand } = await import("./commands/validate-command");
      return await validateCommand(validate.file, { json: validate.json }, io);
    }
    program = await import("./program");
    await program.buildProgram(io, result).parseAsync(argv);
    return result.code;
  } catch (err) {
    if (program && err instanceof program.CommanderError) {
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

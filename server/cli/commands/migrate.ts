/** `wf migrate`: the definition only; the work (and the database drivers) load when the command runs. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";

export function registerMigrate(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("migrate")
    .description(
      "Apply the database's migrations and exit: PostgreSQL when WF_DATABASE_URL is set, else the SQLite file (WF_DB_PATH / WF_DATA_DIR)",
    )
    .action(async () => {
      const { migrateCommand } = await import("./migrate-command");
      result.code = await migrateCommand(io);
    });
}

/** `wf serve [--port] [--host] [--build]`: the definition only. */
import type { Command } from "commander";
import type { CliIo, CommandResult } from "@/server/cli/io/cli-io";

export function registerServe(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("serve")
    .description("Start the web app (builds it first when needed); PORT/HOST default to 127.0.0.1:3000")
    .option("-p, --port <port>", "port to listen on", process.env.PORT ?? "3000")
    .option("-H, --host <host>", "host to bind", process.env.HOST ?? "127.0.0.1")
    .option("--build", "rebuild even when a production build exists")
    .action(async (opts: { port: string; host: string; build?: boolean }) => {
      const { serveCommand } = await import("./serve-command");
      result.code = await serveCommand(opts, io);
    });
}

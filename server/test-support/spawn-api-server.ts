/**
 * Test helper: starts `api-server-process.ts` in a child process and resolves with its endpoint once it
 * listens; `stop` ends it (SIGTERM, then SIGKILL if it does not answer — a frozen event loop cannot).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

export interface ApiServerProcess {
  base: string;
  dir: string;
  stop(): Promise<void>;
}

export async function spawnApiServer(): Promise<ApiServerProcess> {
  const script = path.join(import.meta.dirname, "api-server-process.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: path.join(import.meta.dirname, "..", ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the API server process exited (${code}) before it listened`)));
  });
  const { base, dir } = JSON.parse(first) as { base: string; dir: string };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    base,
    dir,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 2000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * A CLI agent (e.g. `claude -p`, `codex exec`): the configured command line runs under `/bin/sh -c`
 * in its own process group, reads the prompt on stdin and answers on stdout. Timeout and abort
 * kill the whole group (SIGTERM, then SIGKILL after a grace period).
 */
import { spawn } from "node:child_process";
import { AgentProviderError } from "./agent-provider-error";
import type { AgentProvider, AgentRequest, AgentResponse } from "./agent-provider";

export interface CliAgentProviderConfig {
  name: string;
  /** Shell command line; the prompt arrives on its stdin. */
  command: string;
  /** Default timeout when the request sets none. */
  timeoutMs?: number;
  env?: Record<string, string>;
}

const KILL_GRACE_MS = 2000;

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // exited after SIGTERM
    }
  }, KILL_GRACE_MS).unref();
}

export function createCliAgentProvider(config: CliAgentProviderConfig): AgentProvider {
  const { name } = config;
  return {
    name,
    kind: "cli",
    complete(request: AgentRequest): Promise<AgentResponse> {
      return new Promise((resolve, reject) => {
        if (request.signal?.aborted) return reject(new AgentProviderError(name, "aborted", "aborted before start"));
        const child = spawn("/bin/sh", ["-c", config.command], {
          cwd: request.cwd,
          env: { ...process.env, ...config.env },
          detached: true,
          stdio: ["pipe", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        let failure: AgentProviderError | undefined;
        const stop = (err: AgentProviderError) => {
          failure ??= err;
          killGroup(child.pid);
        };
        const timeoutMs = request.timeoutMs ?? config.timeoutMs;
        const timer = timeoutMs
          ? setTimeout(
              () => stop(new AgentProviderError(name, "timeout", `no answer within ${timeoutMs} ms`)),
              timeoutMs,
            )
          : undefined;
        const onAbort = () => stop(new AgentProviderError(name, "aborted", "aborted"));
        request.signal?.addEventListener("abort", onAbort, { once: true });

        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
          request.onChunk?.(chunk);
        });
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
          stderr = (stderr + chunk).slice(-4000);
        });
        // The agent may exit without reading its stdin; EPIPE then is not our failure.
        child.stdin.on("error", () => {});
        child.stdin.end(request.system ? `${request.system}\n\n${request.prompt}` : request.prompt);

        child.on("error", (err) => stop(new AgentProviderError(name, "spawn", err.message)));
        child.on("close", (code, signal) => {
          if (timer) clearTimeout(timer);
          request.signal?.removeEventListener("abort", onAbort);
          if (failure) return reject(failure);
          if (code !== 0) {
            const why = signal ? `killed by ${signal}` : `exit code ${code}`;
            return reject(new AgentProviderError(name, "exit", `${why}${stderr.trim() ? `: ${stderr.trim()}` : ""}`));
          }
          resolve({ text: stdout.trim() });
        });
      });
    },
  };
}

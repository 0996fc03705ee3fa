/**
 * A CLI agent (e.g. `claude -p`, `codex exec`): the configured program runs from an argument
 * vector — never through a shell — in its own process group, reads the prompt on stdin and answers
 * on stdout. Timeout and abort kill the whole group (SIGTERM, then SIGKILL after a grace period).
 */
import { spawn } from "node:child_process";
import { splitCommandWords } from "@/lib/workflow/shell/shell-syntax";
import { AgentProviderError } from "./agent-provider-error";
import { DEFAULT_AGENT_TIMEOUT_MS, type AgentProvider, type AgentRequest, type AgentResponse } from "./agent-provider";
import { setSafeTimeout } from "@/server/timers/safe-timeout";

export interface CliAgentProviderConfig {
  name: string;
  /**
   * The program and its arguments; a string is split into words (quotes allowed, no shell
   * syntax: write `["sh", "-c", "…"]` to ask for a shell). The prompt arrives on its stdin.
   */
  command: string | readonly string[];
  /** Default timeout when the request sets none. */
  timeoutMs?: number;
  env?: Record<string, string>;
}

const KILL_GRACE_MS = 2000;
/** Bytes of an answer kept when the request sets no cap. */
const DEFAULT_MAX_OUTPUT_BYTES = 1 << 20;

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

/** The argument vector of a configured command; throws an Error naming the provider. */
export function commandArgv(name: string, command: string | readonly string[]): string[] {
  if (typeof command !== "string") return [...command];
  const split = splitCommandWords(command);
  if (!split.ok)
    throw new Error(
      `agent provider ${name}: command "${command}": ${split.message}; write ["sh", "-c", "…"] for a shell`,
    );
  return split.argv;
}

export function createCliAgentProvider(config: CliAgentProviderConfig): AgentProvider {
  const { name } = config;
  return {
    name,
    kind: "cli",
    complete(request: AgentRequest): Promise<AgentResponse> {
      return new Promise((resolve, reject) => {
        if (request.signal?.aborted) return reject(new AgentProviderError(name, "aborted", "aborted before start"));
        let argv: string[];
        try {
          argv = commandArgv(name, config.command);
        } catch (err) {
          return reject(new AgentProviderError(name, "spawn", (err as Error).message));
        }
        const child = spawn(argv[0], argv.slice(1), {
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
        const timeoutMs = request.timeoutMs ?? config.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
        const cancelTimer = timeoutMs
          ? setSafeTimeout(
              () => stop(new AgentProviderError(name, "timeout", `no answer within ${timeoutMs} ms`)),
              timeoutMs,
            )
          : undefined;
        const onAbort = () => stop(new AgentProviderError(name, "aborted", "aborted"));
        request.signal?.addEventListener("abort", onAbort, { once: true });

        // The answer is kept up to the cap (the log sink caps what it stores on its own).
        const cap = request.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
        let kept = 0;
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          if (kept < cap) {
            const part = chunk.length > cap - kept ? chunk.slice(0, cap - kept) : chunk;
            stdout += part;
            kept += Buffer.byteLength(part);
          }
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
          cancelTimer?.();
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

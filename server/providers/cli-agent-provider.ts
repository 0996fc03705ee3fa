/**
 * A CLI agent (e.g. `claude -p`, `codex exec`): the configured program runs from an argument
 * vector — never through a shell — through the process sandbox like every node process
 * (server/sandbox: bubblewrap, its own process group), reads the prompt on stdin and answers on
 * stdout. Its environment is the node's (the allowlist, the run's variables, the secrets the node
 * references), never the server's. It sees the node's workspace and the paths its configuration
 * binds (its own config folder), nothing else of the home folder or the data folder. Timeout and
 * abort kill the whole group (SIGTERM, then SIGKILL after a grace period).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { splitCommandWords } from "@/lib/workflow/shell/shell-syntax";
import type { Bind, Isolation } from "@/server/sandbox/isolation";
import { NO_WORKSPACE } from "@/server/sandbox/isolation";
import { defaultProcessSandbox, type ProcessSandbox } from "@/server/sandbox/process-sandbox";
import { spawnProcess } from "@/server/sandbox/spawn-process";
import { AgentProviderError } from "./agent-provider-error";
import { DEFAULT_AGENT_TIMEOUT_MS, type AgentProvider, type AgentRequest, type AgentResponse } from "./agent-provider";

/** A path the agent needs besides the workspace, as configured (`~/` is the server's home folder). */
export interface AgentBind {
  path: string;
  /** Default false: read-only. */
  writable?: boolean;
}

export interface CliAgentProviderConfig {
  name: string;
  /**
   * The program and its arguments; a string is split into words (quotes allowed, no shell
   * syntax: write `["sh", "-c", "…"]` to ask for a shell). The prompt arrives on its stdin.
   */
  command: string | readonly string[];
  /** Default timeout when the request sets none. */
  timeoutMs?: number;
  /** Extra paths shown inside the sandbox (read-only unless `writable`). */
  binds?: readonly AgentBind[];
  /** How it starts (default: the process's own sandbox). */
  sandbox?: ProcessSandbox;
}

const KILL_GRACE_MS = 2000;
/** Bytes of an answer kept when the request sets no cap. */
const DEFAULT_MAX_OUTPUT_BYTES = 1 << 20;

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

/** The binds as absolute paths; throws naming the first one that is relative or does not exist. */
function resolveBinds(name: string, binds: readonly AgentBind[], home: string | undefined): Bind[] {
  return binds.map((b, i) => {
    const where = `bind ${b.path} (providers.${name}.binds[${i}])`;
    const p = b.path === "~" || b.path.startsWith("~/") ? (home ? path.join(home, b.path.slice(1)) : "") : b.path;
    if (!path.isAbsolute(p)) throw new Error(`${where} must be an absolute path or start with ~/`);
    if (!fs.existsSync(p)) throw new Error(`${where} does not exist; create it or remove it from the providers file`);
    return { path: path.resolve(p), ...(b.writable ? { writable: true } : {}) };
  });
}

function isolationFor(request: AgentRequest, binds: Bind[]): Isolation {
  const base =
    request.isolation ?? (request.cwd ? { workspace: request.cwd, writable: true, network: true } : NO_WORKSPACE);
  return binds.length ? { ...base, binds: [...(base.binds ?? []), ...binds] } : base;
}

export function createCliAgentProvider(config: CliAgentProviderConfig): AgentProvider {
  const { name } = config;
  return {
    name,
    kind: "cli",
    async complete(request: AgentRequest): Promise<AgentResponse> {
      if (request.signal?.aborted) throw new AgentProviderError(name, "aborted", "aborted before start");
      const sandbox = config.sandbox ?? defaultProcessSandbox();
      let argv: string[];
      let binds: Bind[];
      try {
        argv = commandArgv(name, config.command);
        binds = resolveBinds(name, config.binds ?? [], sandbox.hostEnv.HOME);
      } catch (err) {
        throw new AgentProviderError(name, "spawn", (err as Error).message);
      }
      const timeoutMs = request.timeoutMs ?? config.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
      const r = await spawnProcess({
        argv,
        cwd: request.cwd ?? os.tmpdir(),
        env: request.env ?? sandbox.hostEnv,
        isolation: isolationFor(request, binds),
        sandbox,
        stdin: request.system ? `${request.system}\n\n${request.prompt}` : request.prompt,
        signal: request.signal,
        ...(timeoutMs ? { timeoutMs } : {}),
        killGraceMs: KILL_GRACE_MS,
        // The answer is kept up to the cap (the log sink caps what it stores on its own).
        maxOutputBytes: request.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
        onChunk: (stream, text) => {
          if (stream === "stdout" && text) request.onChunk?.(text);
        },
      });
      if (r.launchError) throw new AgentProviderError(name, "spawn", r.launchError.message);
      if (r.timedOut) throw new AgentProviderError(name, "timeout", `no answer within ${timeoutMs} ms`);
      if (r.aborted) throw new AgentProviderError(name, "aborted", "aborted");
      if (r.exitCode !== 0) {
        const why = r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
        const stderr = r.stderr.slice(-4000).trim();
        throw new AgentProviderError(name, "exit", `${why}${stderr ? `: ${stderr}` : ""}`);
      }
      return { text: r.stdout.trim() };
    },
  };
}

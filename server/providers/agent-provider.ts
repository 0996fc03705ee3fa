/**
 * Agent providers, shared by describe (structured parse) and the engine (agent nodes):
 * a configured CLI (prompt on stdin, e.g. `claude -p`, `codex exec`) or an OpenAI-compatible
 * HTTP endpoint. None configured is a normal state.
 */
import type { Isolation } from "@/server/sandbox/isolation";

/** How long a provider call may last when neither the request nor the provider's configuration says (10 min). */
export const DEFAULT_AGENT_TIMEOUT_MS = 10 * 60_000;

export interface AgentRequest {
  prompt: string;
  system?: string;
  /** Working folder for CLI providers (the run's workspace). */
  cwd?: string;
  /**
   * The environment of a CLI provider's process: a node's (allowlist, the run's variables, the
   * secrets it references). Default: the allowlisted host variables only. Never the server's own.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** What a CLI provider's process may reach in the sandbox (the node's tier as mounts, network). */
  isolation?: Isolation;
  signal?: AbortSignal;
  /** Default: the provider's `timeout_ms`, else DEFAULT_AGENT_TIMEOUT_MS — a call never waits forever. */
  timeoutMs?: number;
  /** Bytes of the answer kept (CLI providers; default 1 MiB). */
  maxOutputBytes?: number;
  /** Streamed output as it arrives (log lines). */
  onChunk?: (text: string) => void;
  /** Ask for a JSON answer (OpenAI `response_format`), when the provider supports it. */
  json?: boolean;
}

export interface AgentResponse {
  text: string;
  sessionId?: string;
}

export interface AgentProvider {
  readonly name: string;
  readonly kind: "cli" | "openai";
  complete(request: AgentRequest): Promise<AgentResponse>;
}

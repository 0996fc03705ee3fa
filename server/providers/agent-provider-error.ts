/** Why an agent provider call failed; callers (describe's fallback, the engine) branch on `reason`. */
export type AgentProviderFailure = "timeout" | "aborted" | "exit" | "spawn" | "http" | "invalid-response";

export class AgentProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: AgentProviderFailure,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = "AgentProviderError";
  }
}

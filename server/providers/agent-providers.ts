/**
 * The agent provider registry of one process, built once by the composition root from its
 * environment: `get(name?)` → a ready provider, or undefined when none is configured (or none has
 * that name). The configuration is read on each call (it is small and may change on disk).
 * Adding a kind touches its file and `create`.
 */
import type { EnvVars } from "@/server/config/env-vars";
import type { ProcessSandbox } from "@/server/sandbox/process-sandbox";
import type { AgentProvider } from "./agent-provider";
import { createCliAgentProvider } from "./cli-agent-provider";
import { createOpenAiAgentProvider } from "./openai-agent-provider";
import { loadProviderConfig, type ProviderSpec } from "./provider-config";

export interface AgentProviders {
  /** `name` absent → the default provider. */
  get(name?: string): AgentProvider | undefined;
  /** Names of every configured provider, the default first. */
  names(): string[];
  /** The provider describe should ask for a structured parse, with its timeout; undefined = rules only. */
  describeProvider(): { provider: AgentProvider; timeoutMs: number } | undefined;
}

function create(name: string, spec: ProviderSpec, env: EnvVars, sandbox?: ProcessSandbox): AgentProvider {
  switch (spec.kind) {
    case "cli":
      return createCliAgentProvider({
        name,
        command: spec.command,
        timeoutMs: spec.timeout_ms,
        ...(spec.binds ? { binds: spec.binds } : {}),
        ...(sandbox ? { sandbox } : {}),
      });
    case "openai":
      return createOpenAiAgentProvider({
        name,
        baseUrl: spec.base_url,
        model: spec.model,
        apiKey: spec.api_key_env ? env[spec.api_key_env] : undefined,
        timeoutMs: spec.timeout_ms,
      });
  }
}

/**
 * `env` configures the providers (and holds the OpenAI key, which only the HTTP provider reads);
 * CLI providers start their programs through `sandbox` (default: the process's own).
 */
export function createAgentProviders(env: EnvVars, sandbox?: ProcessSandbox): AgentProviders {
  const get = (name?: string) => {
    const config = loadProviderConfig(env);
    const key = name ?? config.defaultName;
    const spec = key ? config.providers[key] : undefined;
    return key && spec ? create(key, spec, env, sandbox) : undefined;
  };
  return {
    get,
    names() {
      const config = loadProviderConfig(env);
      const names = Object.keys(config.providers);
      return config.defaultName ? [config.defaultName, ...names.filter((n) => n !== config.defaultName)] : names;
    },
    describeProvider() {
      const config = loadProviderConfig(env);
      const provider = config.describeProvider ? get(config.describeProvider) : undefined;
      return provider ? { provider, timeoutMs: config.describeTimeoutMs } : undefined;
    },
  };
}

/** No provider at all (tests and engines built without a configuration). */
export const NO_AGENT_PROVIDERS: AgentProviders = {
  get: () => undefined,
  names: () => [],
  describeProvider: () => undefined,
};

/**
 * The agent provider registry: `getAgentProvider(name?)` → a ready provider, or undefined when
 * none is configured (or no provider has that name). Adding a kind touches its file and `create`.
 */
import type { AgentProvider } from "./agent-provider";
import { createCliAgentProvider } from "./cli-agent-provider";
import { createOpenAiAgentProvider } from "./openai-agent-provider";
import type { EnvVars } from "@/server/config/env-vars";
import { loadProviderConfig, type ProviderSpec } from "./provider-config";

function create(name: string, spec: ProviderSpec, env: EnvVars): AgentProvider {
  switch (spec.kind) {
    case "cli":
      return createCliAgentProvider({ name, command: spec.command, timeoutMs: spec.timeout_ms });
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

/** `name` absent → the default provider. Reads the configuration on each call (it is small). */
export function getAgentProvider(name?: string, env: EnvVars = process.env): AgentProvider | undefined {
  const config = loadProviderConfig(env);
  const key = name ?? config.defaultName;
  const spec = key ? config.providers[key] : undefined;
  return key && spec ? create(key, spec, env) : undefined;
}

/** Names of every configured provider, the default first. */
export function listAgentProviders(env: EnvVars = process.env): string[] {
  const config = loadProviderConfig(env);
  const names = Object.keys(config.providers);
  return config.defaultName ? [config.defaultName, ...names.filter((n) => n !== config.defaultName)] : names;
}

/** The provider describe should ask for a structured parse, with its timeout; undefined = rules only. */
export function getDescribeProvider(
  env: EnvVars = process.env,
): { provider: AgentProvider; timeoutMs: number } | undefined {
  const config = loadProviderConfig(env);
  const provider = config.describeProvider ? getAgentProvider(config.describeProvider, env) : undefined;
  return provider ? { provider, timeoutMs: config.describeTimeoutMs } : undefined;
}

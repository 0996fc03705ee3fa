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
import type { ProviderSettings, SavedProvider } from "./provider-settings";

type ProviderSource = "settings" | "file" | "env";

/** One configured provider as Settings lists it (no key, only the secret's name). */
export interface ProviderEntry {
  name: string;
  kind: "cli" | "openai";
  source: ProviderSource;
  default: boolean;
  command?: string[];
  baseUrl?: string;
  model?: string;
  apiKeySecret?: string;
  timeoutMs?: number;
}

/** Settings rows and the secrets their keys live in; absent = file and environment only. */
export interface ProviderSettingsSource {
  settings: ProviderSettings;
  secretValue(name: string): string | undefined;
}

const ENV_NAMES = new Set(["cli", "openai"]);

function fromSettings(p: SavedProvider): ProviderSpec | undefined {
  if (p.kind === "cli") return p.command ? { kind: "cli", command: p.command, timeout_ms: p.timeoutMs } : undefined;
  return p.baseUrl && p.model
    ? { kind: "openai", base_url: p.baseUrl, model: p.model, timeout_ms: p.timeoutMs }
    : undefined;
}

export interface AgentProviders {
  /** `name` absent → the default provider. */
  get(name?: string): AgentProvider | undefined;
  /** Names of every configured provider, the default first. */
  names(): string[];
  /** The provider describe should ask for a structured parse, with its timeout; undefined = rules only. */
  describeProvider(): { provider: AgentProvider; timeoutMs: number } | undefined;
  /** Every configured provider with where it comes from (settings override file and environment by name). */
  entries(): ProviderEntry[];
}

function create(
  name: string,
  spec: ProviderSpec,
  env: EnvVars,
  sandbox?: ProcessSandbox,
  apiKey?: string,
): AgentProvider {
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
        apiKey: apiKey ?? (spec.api_key_env ? env[spec.api_key_env] : undefined),
        timeoutMs: spec.timeout_ms,
      });
  }
}

/**
 * `env` configures the providers (and holds the OpenAI key, which only the HTTP provider reads);
 * CLI providers start their programs through `sandbox` (default: the process's own).
 */
export function createAgentProviders(
  env: EnvVars,
  sandbox?: ProcessSandbox,
  saved?: ProviderSettingsSource,
): AgentProviders {
  const load = () => {
    const config = loadProviderConfig(env);
    const rows = saved?.settings.list() ?? [];
    const specs: Record<string, { spec: ProviderSpec; apiKeySecret?: string }> = {};
    for (const [name, spec] of Object.entries(config.providers)) specs[name] = { spec };
    for (const row of rows) {
      const spec = fromSettings(row);
      if (spec) specs[row.name] = { spec, apiKeySecret: row.apiKeySecret };
    }
    const savedDefault = rows.find((r) => r.isDefault && specs[r.name])?.name;
    const defaultName = savedDefault ?? config.defaultName ?? Object.keys(specs)[0];
    return { config, rows, specs, defaultName };
  };
  const build = (name: string, entry: { spec: ProviderSpec; apiKeySecret?: string }) =>
    create(name, entry.spec, env, sandbox, entry.apiKeySecret ? saved?.secretValue(entry.apiKeySecret) : undefined);
  const get = (name?: string) => {
    const { specs, defaultName } = load();
    const key = name ?? defaultName;
    const entry = key ? specs[key] : undefined;
    return key && entry ? build(key, entry) : undefined;
  };
  return {
    get,
    names() {
      const { specs, defaultName } = load();
      const names = Object.keys(specs);
      return defaultName ? [defaultName, ...names.filter((n) => n !== defaultName)] : names;
    },
    describeProvider() {
      const { config, defaultName } = load();
      // The file and environment name none only when describe is "off" (or they configure nothing).
      const off = config.describeProvider === undefined && Object.keys(config.providers).length > 0;
      const provider = off ? undefined : get(config.describeProvider ?? defaultName);
      return provider ? { provider, timeoutMs: config.describeTimeoutMs } : undefined;
    },
    entries() {
      const { rows, specs, defaultName } = load();
      const savedNames = new Set(rows.map((r) => r.name));
      return Object.entries(specs).map(([name, { spec, apiKeySecret }]) => ({
        name,
        kind: spec.kind,
        source: savedNames.has(name) ? "settings" : ENV_NAMES.has(name) && fromEnv(env, name) ? "env" : "file",
        default: name === defaultName,
        ...(spec.kind === "cli"
          ? { command: typeof spec.command === "string" ? spec.command.split(/\s+/) : spec.command }
          : { baseUrl: spec.base_url, model: spec.model }),
        ...(apiKeySecret ? { apiKeySecret } : {}),
        ...(spec.timeout_ms ? { timeoutMs: spec.timeout_ms } : {}),
      }));
    },
  };
}

function fromEnv(env: EnvVars, name: string): boolean {
  return name === "cli" ? Boolean(env.WF_AGENT_CMD?.trim()) : Boolean(env.WF_OPENAI_BASE_URL && env.WF_OPENAI_MODEL);
}

/** No provider at all (tests and engines built without a configuration). */
export const NO_AGENT_PROVIDERS: AgentProviders = {
  get: () => undefined,
  names: () => [],
  describeProvider: () => undefined,
  entries: () => [],
};

/**
 * Agent provider configuration: one optional file plus environment variables (README.md here).
 * File: WF_PROVIDERS_FILE, else `<data dir>/providers.yaml` (or .json) when it exists.
 * Env: WF_AGENT_CMD → provider "cli"; WF_OPENAI_BASE_URL + WF_OPENAI_MODEL → provider "openai"
 * (key read from the variable named by WF_OPENAI_API_KEY_ENV, default OPENAI_API_KEY);
 * WF_AGENT_TIMEOUT_MS; WF_AGENT_PROVIDER names the default; WF_DESCRIBE_AGENT (a name or "off")
 * and WF_DESCRIBE_TIMEOUT_MS tune describe. Nothing configured is a normal state.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import * as z from "zod";
import { dataDir } from "@/server/config/data-paths";
import type { EnvVars } from "@/server/config/env-vars";

const timeout = z.number().int().positive().optional();
/** A path the agent sees besides the workspace: `~/.claude`, or `{ path, writable: true }`; read-only unless said. */
const BindSchema = z.union([
  z
    .string()
    .min(1)
    .transform((path) => ({ path })),
  z.object({ path: z.string().min(1), writable: z.boolean().optional() }),
]);
export const ProviderSpecSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("cli"),
    /** A program and its arguments: a list, or a string of plain words (no shell syntax). */
    command: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    timeout_ms: timeout,
    /** Paths the program needs inside the sandbox (its config folder); each must exist. */
    binds: z.array(BindSchema).optional(),
  }),
  z.object({
    kind: z.literal("openai"),
    base_url: z.string().url(),
    model: z.string().min(1),
    /** Name of the environment variable holding the API key (never the key itself). */
    api_key_env: z.string().optional(),
    timeout_ms: timeout,
  }),
]);
export type ProviderSpec = z.infer<typeof ProviderSpecSchema>;

export const ProviderFileSchema = z.object({
  default: z.string().optional(),
  providers: z.record(z.string(), ProviderSpecSchema).default({}),
  describe: z.object({ provider: z.string().optional(), timeout_ms: timeout }).optional(),
});

export interface ProviderConfig {
  providers: Record<string, ProviderSpec>;
  /** The provider used when none is named; undefined when none is configured. */
  defaultName?: string;
  /** Provider describe asks for a structured parse; undefined = rules only. */
  describeProvider?: string;
  describeTimeoutMs: number;
}

export const DEFAULT_DESCRIBE_TIMEOUT_MS = 30_000;

function providersFile(env: EnvVars): string | undefined {
  if (env.WF_PROVIDERS_FILE) return path.resolve(env.WF_PROVIDERS_FILE);
  return ["providers.yaml", "providers.yml", "providers.json"]
    .map((f) => path.join(dataDir(env), f))
    .find((f) => existsSync(f));
}

function positiveInt(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Reads the file (if any) and the environment. Throws an Error naming the file when it is invalid. */
export function loadProviderConfig(env: EnvVars): ProviderConfig {
  const file = providersFile(env);
  let fromFile: z.infer<typeof ProviderFileSchema> = { providers: {} };
  if (file) {
    const parsed = ProviderFileSchema.safeParse(parseYaml(readFileSync(file, "utf8")) ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`invalid provider config ${file}: ${issue.path.join(".")}: ${issue.message}`);
    }
    fromFile = parsed.data;
  }
  const providers: Record<string, ProviderSpec> = { ...fromFile.providers };
  const envTimeout = positiveInt(env.WF_AGENT_TIMEOUT_MS);
  if (env.WF_AGENT_CMD?.trim()) providers.cli = { kind: "cli", command: env.WF_AGENT_CMD, timeout_ms: envTimeout };
  if (env.WF_OPENAI_BASE_URL && env.WF_OPENAI_MODEL) {
    providers.openai = {
      kind: "openai",
      base_url: env.WF_OPENAI_BASE_URL,
      model: env.WF_OPENAI_MODEL,
      api_key_env: env.WF_OPENAI_API_KEY_ENV ?? "OPENAI_API_KEY",
      timeout_ms: envTimeout,
    };
  }
  const names = Object.keys(providers);
  const wanted = env.WF_AGENT_PROVIDER ?? fromFile.default;
  const defaultName = wanted && providers[wanted] ? wanted : names[0];
  const describeWanted = env.WF_DESCRIBE_AGENT ?? fromFile.describe?.provider;
  const describeProvider =
    describeWanted === "off" ? undefined : describeWanted && providers[describeWanted] ? describeWanted : defaultName;
  return {
    providers,
    defaultName,
    describeProvider,
    describeTimeoutMs:
      positiveInt(env.WF_DESCRIBE_TIMEOUT_MS) ?? fromFile.describe?.timeout_ms ?? DEFAULT_DESCRIBE_TIMEOUT_MS,
  };
}

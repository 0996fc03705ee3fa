/**
 * Describe as the CLI and the API run it: the executor catalog in effect, and the configured
 * describe provider when there is one (else, or with `useAgent: false`, the rules alone).
 * A broken provider configuration never blocks describe: the rules run and a DS003 warning says why.
 */
import {
  describeWorkflow,
  describeWorkflowWithAgent,
  type DescribeAgent,
  type DescribeResult,
} from "@/lib/describe/describe-workflow";
import { describeDiagnostic } from "@/lib/describe/describe-issues";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import type { AgentProvider } from "./agent-provider";
import type { AgentProviders } from "./agent-providers";

export interface DescribeWithProvidersOptions {
  /** The executor catalog in effect (throws ExecutorCatalogError when the user's file is invalid). */
  catalog: () => ExecutorCatalog;
  providers: AgentProviders;
  /** false: rules only, even when a provider is configured. */
  useAgent?: boolean;
  now?: Date;
}

/** Adapts a provider to describe's one-prompt interface: JSON mode, describe's timeout. */
export function describeAgentFrom(provider: AgentProvider, timeoutMs: number): DescribeAgent {
  return {
    name: provider.name,
    ask: async ({ system, prompt }) => (await provider.complete({ system, prompt, json: true, timeoutMs })).text,
  };
}

/** Throws ExecutorCatalogError when the user's catalog file is invalid. */
export async function describeWithProviders(
  text: string,
  options: DescribeWithProvidersOptions,
): Promise<DescribeResult> {
  const catalog = options.catalog();
  if (options.useAgent === false) return describeWorkflow(text, { catalog, now: options.now });
  let configured: ReturnType<AgentProviders["describeProvider"]>;
  try {
    configured = options.providers.describeProvider();
  } catch (err) {
    const result = describeWorkflow(text, { catalog, now: options.now });
    if (!result.ok) return result;
    const warning = describeDiagnostic("DS003", ["(configuration)", err instanceof Error ? err.message : String(err)]);
    return {
      ...result,
      assumptions: [warning.message, ...result.assumptions],
      diagnostics: [warning, ...result.diagnostics],
    };
  }
  if (!configured) return describeWorkflow(text, { catalog, now: options.now });
  const agent = describeAgentFrom(configured.provider, configured.timeoutMs);
  return describeWorkflowWithAgent(text, agent, { catalog, now: options.now });
}

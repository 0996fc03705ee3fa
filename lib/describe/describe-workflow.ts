/**
 * Describe (docs/describe.md): text → intent (parse) → nodes (resolve) → validated template
 * (enrich). `describeWorkflow` uses the deterministic rules; `describeWorkflowWithAgent` first
 * asks an agent for the intent and falls back to the rules on any error, saying so.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { InjectionReport } from "@/lib/workflow/checkpoints/inject-checkpoints";
import type { Template } from "@/lib/workflow/model/template-schema";
import { DEFAULT_EXECUTOR_CATALOG } from "./default-executor-catalog";
import { describeDiagnostic } from "./describe-issues";
import { enrichIntent } from "./enrich-intent";
import type { ExecutorCatalog } from "./executor-catalog-schema";
import { buildIntentPrompt, parseAgentIntent } from "./intent-from-agent";
import type { Intent } from "./intent-schema";
import { parseIntent } from "./parse-intent";
import { resolveIntent } from "./resolve-intent";

export interface DescribeOptions {
  catalog?: ExecutorCatalog;
  /** The clock (created_at, ids); defaults to the current time. */
  now?: Date;
}

export interface DescribeSuccess {
  ok: true;
  template: Template;
  intent: Intent;
  /** What the parser assumed, in words, for the person to check. */
  assumptions: string[];
  diagnostics: Diagnostic[];
  report: InjectionReport;
  /** `rules`, or `agent:<provider>` when the agent's parse was used. */
  parser: string;
}
export type DescribeResult = DescribeSuccess | { ok: false; diagnostics: Diagnostic[] };

/** Sends one prompt to an agent and resolves to its text (throws on failure or timeout). */
export interface DescribeAgent {
  name: string;
  ask(request: { system: string; prompt: string }): Promise<string>;
}

function build(intent: Intent, assumptions: string[], options: DescribeOptions, parser: string): DescribeSuccess {
  const resolved = resolveIntent(intent, options.catalog ?? DEFAULT_EXECUTOR_CATALOG);
  const enriched = enrichIntent(intent, resolved);
  const injected = enriched.report.checkpoints.map((c) => `${c.id} (${c.rule}${c.autoContinue ? "" : ", pauses"})`);
  const notes = injected.length ? [`Checkpoints injected: ${injected.join(", ")}.`] : [];
  return {
    ok: true,
    template: enriched.template,
    intent,
    assumptions: [...assumptions, ...resolved.assumptions, ...notes],
    diagnostics: enriched.diagnostics,
    report: enriched.report,
    parser,
  };
}

/** Deterministic: the same text, catalog and clock give the same template. */
export function describeWorkflow(text: string, options: DescribeOptions = {}): DescribeResult {
  const parsed = parseIntent(text, options);
  if (!parsed.ok) return parsed;
  return build(parsed.intent, parsed.assumptions, options, "rules");
}

export async function describeWorkflowWithAgent(
  text: string,
  agent: DescribeAgent,
  options: DescribeOptions = {},
): Promise<DescribeResult> {
  if (!text.trim()) return { ok: false, diagnostics: [describeDiagnostic("DS001", [])] };
  const now = options.now ?? new Date();
  let reason: string;
  try {
    const answer = await agent.ask(buildIntentPrompt(text));
    const parsed = parseAgentIntent(answer, text, now);
    if (parsed.ok) {
      const notes = [`The steps were read by agent provider "${agent.name}".`, ...parsed.assumptions];
      return build(parsed.intent, notes, { ...options, now }, `agent:${agent.name}`);
    }
    reason = parsed.reason;
  } catch (err) {
    reason = err instanceof Error ? err.message : String(err);
  }
  const fallback = describeWorkflow(text, { ...options, now });
  if (!fallback.ok) return fallback;
  const warning = describeDiagnostic("DS003", [agent.name, reason]);
  return {
    ...fallback,
    assumptions: [warning.message, ...fallback.assumptions],
    diagnostics: [warning, ...fallback.diagnostics],
  };
}

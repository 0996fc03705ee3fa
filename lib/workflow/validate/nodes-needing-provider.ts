/**
 * Which nodes need an agent provider (agent nodes, `agent_confirms` checks and preconditions),
 * and the Problems warning when none is ready. Pure: readiness is the caller's input.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";

/** Where a person configures one (Settings' `Agent providers` section). */
const PROVIDER_SETTINGS_HREF = "/settings#agent-providers";

export function nodesNeedingProvider(template: Template): Template["nodes"] {
  return template.nodes.filter(
    (n) =>
      n.type === "agent" || [...(n.checks ?? []), ...(n.preconditions ?? [])].some((c) => c.type === "agent_confirms"),
  );
}

/** A node the engine can do without: it is skipped or replaced by its fallback when it fails. */
export function canDoWithout(node: Template["nodes"][number]): boolean {
  return node.on_fail === "skip" || (typeof node.on_fail === "string" && node.on_fail.startsWith("fallback:"));
}

export function checkProviderReadiness(template: Template, providersReady: boolean): Diagnostic[] {
  if (providersReady) return [];
  return nodesNeedingProvider(template).map((n) => wfIssue("WF110", { nodeId: n.id }, n.id, PROVIDER_SETTINGS_HREF));
}

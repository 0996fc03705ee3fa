/**
 * Which nodes need an agent provider (agent nodes, skill nodes whose recipe is an agent, nodes with
 * `agent_confirms` checks or preconditions), and the Problems warning when none is ready. Pure:
 * readiness and which skills are agents are the caller's input.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";

/** Where a person configures one (Settings' `Agent providers` section). */
export const PROVIDER_SETTINGS_HREF = "/settings#agent-providers";

type Node = Template["nodes"][number];

/** `agentSkills`: executor-catalog entries whose recipe asks an agent (a skill naming one needs a provider). */
export function nodesNeedingProvider(template: Template, agentSkills: ReadonlySet<string> = new Set()): Node[] {
  return template.nodes.filter(
    (n) =>
      n.type === "agent" ||
      (n.type === "skill" && n.executor !== undefined && agentSkills.has(n.executor.trim())) ||
      [...(n.checks ?? []), ...(n.preconditions ?? [])].some((c) => c.type === "agent_confirms"),
  );
}

/** A node the engine can do without: it is skipped or replaced by its fallback when it fails. */
export function canDoWithout(node: Node): boolean {
  return node.on_fail === "skip" || (typeof node.on_fail === "string" && node.on_fail.startsWith("fallback:"));
}

export function checkProviderReadiness(
  template: Template,
  providersReady: boolean,
  agentSkills?: ReadonlySet<string>,
): Diagnostic[] {
  if (providersReady) return [];
  return nodesNeedingProvider(template, agentSkills).map((n) =>
    wfIssue("WF110", { nodeId: n.id }, n.id, PROVIDER_SETTINGS_HREF),
  );
}

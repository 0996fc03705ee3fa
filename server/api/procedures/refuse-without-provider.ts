/**
 * run.start's precondition: a node that needs an agent provider cannot start when the one it would
 * use is not ready, unless it can be done without (on_fail: skip or a fallback). The error names the nodes.
 * compose.validate and compose.describe warn on the same nodes (WF110) by the same readiness rule.
 */
import { TRPCError } from "@trpc/server";
import type { Template } from "@/lib/workflow/model/template-schema";
import { canDoWithout, nodesNeedingProvider } from "@/lib/workflow/validate/nodes-needing-provider";
import { isProviderReady, providerFor } from "@/server/providers/provider-readiness";
import type { ServerDeps } from "@/server/runtime/server-deps";

/** Catalog entries whose recipe asks an agent (a skill naming one needs a provider). */
function agentSkillNames(deps: Pick<ServerDeps, "catalog">): Set<string> {
  return new Set(
    Object.entries(deps.catalog().entries)
      .filter(([, e]) => e.recipe.kind === "agent")
      .map(([name]) => name),
  );
}

/** What validation needs to warn (WF110) on nodes that need a provider when the default one is not ready. */
export function providerValidateOptions(deps: Pick<ServerDeps, "providers" | "secrets" | "catalog">): {
  providersReady: boolean;
  agentSkills: Set<string>;
} {
  const entry = providerFor(deps.providers.entries());
  const secretNames = new Set(deps.secrets.list().map((s) => s.name));
  return { providersReady: Boolean(entry && isProviderReady(entry, secretNames)), agentSkills: agentSkillNames(deps) };
}

export function refuseWithoutProvider(deps: Pick<ServerDeps, "providers" | "secrets" | "catalog">, template: Template) {
  const needing = nodesNeedingProvider(template, agentSkillNames(deps)).filter((n) => !canDoWithout(n));
  if (needing.length === 0) return;
  const entries = deps.providers.entries();
  const secretNames = new Set(deps.secrets.list().map((s) => s.name));
  const blocked = needing.filter((n) => {
    const entry = providerFor(entries, n.type === "agent" ? (n.provider ?? n.executor) : undefined);
    return !entry || !isProviderReady(entry, secretNames);
  });
  if (blocked.length === 0) return;
  throw new TRPCError({
    code: "PRECONDITION_FAILED",
    message: `no agent provider is ready for ${blocked.map((n) => `"${n.id}"`).join(", ")}: add one in Settings → Agent providers, or give these nodes on_fail: skip or a fallback`,
  });
}

/** run.start's precondition: nodes that need an agent provider cannot start when none is ready (unless skippable). */
import { TRPCError } from "@trpc/server";
import type { Template } from "@/lib/workflow/model/template-schema";
import { canDoWithout, nodesNeedingProvider } from "@/lib/workflow/validate/nodes-needing-provider";
import type { AgentProviders } from "@/server/providers/agent-providers";

export function refuseWithoutProvider(providers: AgentProviders, template: Template): void {
  if (providers.get()) return;
  const blocked = nodesNeedingProvider(template).filter((n) => !canDoWithout(n));
  if (blocked.length === 0) return;
  throw new TRPCError({
    code: "PRECONDITION_FAILED",
    message: `no agent provider is ready for ${blocked.map((n) => `"${n.id}"`).join(", ")}: add one in Settings → Agent providers, or give these nodes on_fail: skip or a fallback`,
  });
}

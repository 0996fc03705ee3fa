/**
 * What the editor's validation is told about agent providers, so Problems warns (WF110) on nodes
 * that need one while none is ready: from `provider.list` (the default provider's readiness) and
 * `catalog.list` (which skills are agents). Plain data, so it crosses to the validation worker.
 */
import type { ValidateOptions } from "@/lib/workflow/validate/validate-template";

export interface ProviderReadiness {
  providersReady: boolean;
  agentSkills: string[];
}

/** validateTemplate's options (nothing known yet, or a role that cannot see providers: no WF110). */
export function validateOptions(p: ProviderReadiness | undefined): ValidateOptions {
  return p ? { providersReady: p.providersReady, agentSkills: new Set(p.agentSkills) } : {};
}

"use client";
/**
 * The Run… form's notice when the workflow has nodes that need an agent provider and the default
 * one is not ready: which nodes, and a link to Settings → Agent providers. Says nothing otherwise.
 */
import Link from "next/link";
import { useProviderReadiness } from "@/components/common/use-provider-readiness";
import type { Template } from "@/lib/workflow/model/template-schema";
import {
  PROVIDER_SETTINGS_HREF,
  canDoWithout,
  nodesNeedingProvider,
} from "@/lib/workflow/validate/nodes-needing-provider";

/** The nodes that need a provider while none is ready (`blocked`: those the run cannot do without). */
export function useMissingProvider(template: Template): { needing: string[]; blocked: string[] } {
  const readiness = useProviderReadiness();
  if (!readiness || readiness.providersReady) return { needing: [], blocked: [] };
  const needing = nodesNeedingProvider(template, new Set(readiness.agentSkills));
  return { needing: needing.map((n) => n.id), blocked: needing.filter((n) => !canDoWithout(n)).map((n) => n.id) };
}

export function ProviderNotice({ needing, blocked }: { needing: string[]; blocked: string[] }) {
  if (needing.length === 0) return null;
  return (
    <div role="status" className="provider-notice" aria-label="Agent provider needed">
      <p>
        {needing.length === 1 ? "Node " : "Nodes "}
        {needing.map((id, i) => (
          <span key={id}>
            {i > 0 ? ", " : ""}
            <code>{id}</code>
          </span>
        ))}{" "}
        {needing.length === 1 ? "needs" : "need"} an agent provider, and none is ready.{" "}
        {blocked.length > 0
          ? "The run cannot start until one is."
          : "They would be skipped or replaced by their fallback."}
      </p>
      <p>
        <Link href={PROVIDER_SETTINGS_HREF}>Set one up in Settings → Agent providers</Link>
      </p>
    </div>
  );
}

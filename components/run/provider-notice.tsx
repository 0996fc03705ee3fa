"use client";
/**
 * The Run… form's notice when the workflow has nodes that need an agent provider and the default
 * one is not ready: which nodes, and a link to Settings → Agent providers. Says nothing otherwise.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCan } from "@/components/app-shell/session-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { Template } from "@/lib/workflow/model/template-schema";
import {
  PROVIDER_SETTINGS_HREF,
  canDoWithout,
  nodesNeedingProvider,
} from "@/lib/workflow/validate/nodes-needing-provider";

/** The nodes that need a provider while none is ready (`blocked`: those the run cannot do without). */
export function useMissingProvider(template: Template): { needing: string[]; blocked: string[] } {
  const trpc = useTRPC();
  const isEditor = useCan("editor");
  const providers = useQuery({ ...trpc.provider.list.queryOptions(), enabled: isEditor });
  const catalog = useQuery(trpc.catalog.list.queryOptions(undefined, { staleTime: 60_000 }));
  if (!providers.data || !catalog.data) return { needing: [], blocked: [] };
  if (providers.data.items.some((p) => p.default && p.ready)) return { needing: [], blocked: [] };
  const agentSkills = new Set(catalog.data.items.filter((e) => e.kind === "agent").map((e) => e.name));
  const needing = nodesNeedingProvider(template, agentSkills);
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

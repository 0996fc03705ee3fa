"use client";
/**
 * Whether the default agent provider is ready and which executor-catalog skills are agents, for the
 * editor's Problems (WF110) and the Run form's notice. Undefined until known, and for a role that
 * cannot see providers (viewers: they neither run nor edit).
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useCan } from "@/components/app-shell/session-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { ProviderReadiness } from "./provider-readiness";

export function useProviderReadiness(): ProviderReadiness | undefined {
  const trpc = useTRPC();
  const isEditor = useCan("editor");
  const providers = useQuery({ ...trpc.provider.list.queryOptions(), enabled: isEditor });
  const catalog = useQuery(trpc.catalog.list.queryOptions(undefined, { staleTime: 60_000 }));
  return useMemo(
    () =>
      providers.data && catalog.data
        ? {
            providersReady: providers.data.items.some((p) => p.default && p.ready),
            agentSkills: catalog.data.items.filter((e) => e.kind === "agent").map((e) => e.name),
          }
        : undefined,
    [providers.data, catalog.data],
  );
}

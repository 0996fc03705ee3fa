"use client";
/**
 * "Usually takes ~4 min (12 runs)": the simulation's estimate from the template's finished runs
 * (medians of each node along the predicted path, docs/simulate.md). Nothing without history.
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPCClient } from "@/components/app-shell/trpc-react-provider";

export type RunEstimateValue = { p50Ms: number; p90Ms: number; runs: number };

/** A rough duration for people: `~40 s`, `~4 min`, `~1 h 20 min`. */
function about(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `~${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `~${min} min`;
  return `~${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ""}`;
}

export function RunEstimate({ estimate }: { estimate: RunEstimateValue | undefined }) {
  if (!estimate || estimate.runs === 0) return null;
  return (
    <span className="muted small" data-testid="run-estimate" title={`90th percentile ${about(estimate.p90Ms)}`}>
      Usually takes {about(estimate.p50Ms)} ({estimate.runs} {estimate.runs === 1 ? "run" : "runs"})
    </span>
  );
}

/**
 * The estimate of a saved template with these variables (a simulation: nothing runs); undefined while
 * unknown. `enabled: false` while the variables cannot start a run (a required one missing).
 */
export function useRunEstimate(
  templateId: string,
  variables: Record<string, string>,
  enabled: boolean,
): RunEstimateValue | undefined {
  const client = useTRPCClient();
  const estimate = useQuery({
    queryKey: ["run-estimate", templateId, variables],
    queryFn: async () => (await client.run.simulate.mutate({ templateId, variables })).estimate ?? null,
    placeholderData: (previous) => previous,
    enabled,
    retry: false,
    staleTime: 30_000,
  });
  return estimate.data ?? undefined;
}

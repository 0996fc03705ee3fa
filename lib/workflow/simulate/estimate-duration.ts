/**
 * How long a simulated run usually takes, from the template's finished runs: each node that would run weighs
 * its median (p50) or 90th-percentile (p90) duration in those runs times its attempts, plus retry backoffs; the
 * estimate is the longest path through the plan by those weights (a serial run: their sum). A node the history
 * does not know weighs what the simulation gave it (its mock's `durationMs`, else 0).
 */
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import { retryBackoffMs } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";

export interface NodeDurationStats {
  /** How many finished runs the figures come from. */
  runs: number;
  /** Per planned node id: its durations (ms) in those runs, any order. */
  durations: Readonly<Record<string, readonly number[]>>;
}

/** The q-quantile (0..1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function estimateDuration(
  spec: RunSpec,
  state: RunState,
  simulated: Readonly<Record<string, number>>,
  stats: NodeDurationStats,
): { p50Ms: number; p90Ms: number; runs: number } | undefined {
  if (stats.runs === 0) return undefined;
  const pathLength = (q: number) => {
    const finish: Record<string, number> = {};
    let longest = 0;
    let total = 0;
    for (const id of spec.plan.order) {
      const n = state.nodes[id];
      const known = stats.durations[id];
      const each = known?.length ? quantile(known, q) : (simulated[id] ?? 0) / Math.max(1, n.attempts);
      const weight = n.attempts * each + Math.max(0, n.attempts - 1) * retryBackoffMs(spec.defs.get(id)!);
      const start = Math.max(0, ...spec.plan.nodes[id].deps.map((d) => finish[d] ?? 0));
      finish[id] = start + weight;
      longest = Math.max(longest, finish[id]);
      total += weight;
    }
    return Math.round(spec.plan.executionMode === "serial" ? total : longest);
  };
  return { p50Ms: pathLength(0.5), p90Ms: pathLength(0.9), runs: stats.runs };
}

/**
 * The answer of `run.simulate` from a simulation's trace: the run's status, each planned node (status, output,
 * why it ended so), each routed gate with the labels taken, the nodes skipped and why, the assumptions, the start
 * order and the parallel batches.
 */
import type { NodeStatus } from "@/lib/workflow/model/statuses";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import type { NodeState } from "@/lib/workflow/run/run-state";
import { gateWhy } from "./gate-why";
import { entryFor, type SimulationOptions } from "./simulation-input";
import type { SimulationTrace } from "./simulate-run";

export interface SimulatedNode {
  id: string;
  status: NodeStatus;
  output?: string;
  reason?: string;
  attempts: number;
  /** Simulated time its attempts took. */
  durationMs?: number;
  /** When it first started on the simulation's clock (ms from the run's start). */
  startMs?: number;
  /** The batch (index into `batches`) it first started in. */
  batch?: number;
}

export interface SimulatedGate {
  nodeId: string;
  value: string;
  taken: string[];
  skipped: string[];
  why: string;
}

export interface SimulationResult {
  status: string;
  nodes: SimulatedNode[];
  gates: SimulatedGate[];
  assumed: string[];
  /** Planned ids in the order they first start. */
  order: string[];
  /** Nodes started together, in order (a retried node appears again). */
  batches: string[][];
  estimate?: { p50Ms: number; p90Ms: number; runs: number };
}

/** Transient statuses read as pending, as the API shows a run. */
const PUBLIC: Partial<Record<NodeStatus, NodeStatus>> = {
  ready: "pending",
  running: "pending",
  interrupted: "pending",
};

function reasonOf(n: NodeState, stopped: string | undefined): string | undefined {
  switch (n.status) {
    case "failed":
      return n.fallback?.state === "done" ? `${n.error ?? "failed"}; ${n.fallback.to} stood in` : n.error;
    case "skipped":
      switch (n.skipReason) {
        case "branch":
          return `gate ${n.skipCause} took another branch`;
        case "dependency":
          return `${n.skipCause} was skipped or failed`;
        case "failed":
          return `failed (${n.error ?? "failed"}); on_fail: skip`;
        case "loop-until":
          return `the loop's until held after ${n.skipCause}`;
        case "fallback-unused":
          return "a fallback nobody needed";
        default:
          return n.error ?? n.skipReason;
      }
    case "waiting":
      return n.request?.kind === "gate" ? "waits for a person to choose a branch" : "waits for a person";
    case "pending":
    case "ready":
      return stopped ? `not started: the run stopped (${stopped})` : "not started";
    default:
      return undefined;
  }
}

export function simulationResult(spec: RunSpec, trace: SimulationTrace, o: SimulationOptions): SimulationResult {
  const { state } = trace;
  const first = new Map<string, { at: number; batch: number }>();
  trace.batches.forEach((b, i) =>
    b.forEach((id) => first.has(id) || first.set(id, { at: trace.batchAt[i], batch: i })),
  );
  const nodes = spec.plan.order.map((id): SimulatedNode => {
    const n = state.nodes[id];
    const reason = reasonOf(n, state.stopping ? state.error : undefined);
    const started = first.get(id);
    return {
      id,
      status: PUBLIC[n.status] ?? n.status,
      ...(n.output !== undefined ? { output: n.output } : {}),
      ...(reason !== undefined ? { reason } : {}),
      attempts: n.attempts,
      ...(trace.durations[id] !== undefined ? { durationMs: trace.durations[id] } : {}),
      ...(started ? { startMs: started.at, batch: started.batch } : {}),
    };
  });
  const gates: SimulatedGate[] = [];
  for (const id of spec.plan.order) {
    const d = state.nodes[id].gate;
    if (!d) continue;
    const routes = spec.plan.gates[id] ?? [];
    const taken = [...new Set(routes.filter((r) => d.taken.includes(r.to)).map((r) => r.label))];
    const mocked = entryFor(o.mocks, id, spec.plan.nodes[id].sourceId)?.output !== undefined;
    const why = gateWhy({
      decision: d,
      ...(trace.unmatched[id] !== undefined ? { unmatched: trace.unmatched[id] } : {}),
      assumed: trace.assumedGates.has(id),
      mocked,
    });
    gates.push({ nodeId: id, value: d.value, taken, skipped: d.skipped, why });
  }
  return {
    status: state.status,
    nodes,
    gates,
    assumed: trace.assumed,
    order: [...first.keys()],
    batches: trace.batches,
  };
}

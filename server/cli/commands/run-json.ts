/** `wf run --json`'s object (docs/cli.md): the run, its nodes, and under each workflow node its child's result. */
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { RunEngine } from "@/server/engine/orchestrator";
import type { SqliteRunStore } from "@/server/engine/sqlite-run-store";

const JSON_NODE_STATUS: Record<string, string> = { ready: "pending", running: "pending", interrupted: "pending" };

export interface RunJson {
  run: { id: string; status: string; error?: string; outputs?: Record<string, string> };
  nodes: {
    id: string;
    status: string;
    attempts: number;
    output?: string;
    error?: string;
    childRunId?: string;
    child?: RunJson;
  }[];
}

export function runJson(
  spec: RunSpec,
  state: RunState,
  runId: string,
  engine: RunEngine,
  store: SqliteRunStore,
  depth = 0,
): RunJson {
  const nodes = spec.plan.order.map((id) => {
    const n = state.nodes[id];
    const child = n.child && depth < 8 ? childJson(n.child.runId, engine, store, depth + 1) : undefined;
    return {
      id,
      status: JSON_NODE_STATUS[n.status] ?? n.status,
      attempts: n.attempts,
      ...(n.output !== undefined ? { output: n.output } : {}),
      ...(n.error !== undefined ? { error: n.error } : {}),
      ...(n.child ? { childRunId: n.child.runId } : {}),
      ...(child ? { child } : {}),
    };
  });
  return {
    run: {
      id: runId,
      status: state.status,
      ...(state.error ? { error: state.error } : {}),
      // Only a template that declares outputs adds them: the shape stays as it was for every other run.
      ...(state.outputs && spec.template.outputs ? { outputs: state.outputs } : {}),
    },
    nodes,
  };
}

function childJson(runId: string, engine: RunEngine, store: SqliteRunStore, depth: number): RunJson | undefined {
  const stored = store.loadRun(runId);
  const state = engine.getState(runId) ?? stored?.state;
  if (!stored || !state) return undefined;
  return runJson(makeRunSpec(stored.template, stored.plan), state, runId, engine, store, depth);
}

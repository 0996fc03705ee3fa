/**
 * `wf run`'s progress lines on stderr: the lines of one commit printed together, starts in one batch marked
 * `[parallel]`, "batch complete" when a parallel batch has settled (docs/engine.md), and a workflow node's child
 * run followed the same way, its lines indented under the parent's.
 */
import { formatProgressLine } from "@/lib/workflow/run/format-run-progress";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import type { CliIo } from "@/server/cli/io/cli-io";
import type { RunEventBus } from "@/server/engine/event-bus";
import type { RunEngine } from "@/server/engine/orchestrator";
import type { SqliteRunStore } from "@/server/engine/sqlite-run-store";

export interface ProgressDeps {
  bus: RunEventBus;
  engine: RunEngine;
  store: SqliteRunStore;
  io: CliIo;
}

/** Follows `runId` (and its children); `spec` is the run's, when the caller has it. Returns a flush. */
export function followRunProgress(
  d: ProgressDeps,
  runId: string,
  spec: { current?: RunSpec },
  indent = "",
): () => void {
  let batch: { line: string; start?: string; ends?: boolean }[] = [];
  let parallelBatch = new Set<string>();
  // A child's lines of the same commit come before the line that ends its workflow node.
  const children = new Map<string, () => void>();
  const printBatch = () => {
    const starts = batch.flatMap((b) => (b.start ? [b.start] : []));
    const parallel = starts.length > 1;
    if (parallel) parallelBatch = new Set(starts);
    const lines = batch;
    batch = [];
    for (const b of lines) {
      if (b.ends) for (const flush of children.values()) flush();
      d.io.err(indent + (b.start && parallel ? `${b.line}  [parallel]` : b.line));
    }
  };
  const settledInBatch = (event: { type: string; nodeId?: string }, status?: string) => {
    if (!event.nodeId || !parallelBatch.has(event.nodeId)) return false;
    if (status === "running" || status === "pending" || status === "ready") return false;
    parallelBatch.delete(event.nodeId);
    return parallelBatch.size === 0;
  };
  d.bus.subscribe(runId, ({ event }) => {
    const state = d.engine.getState(runId);
    if (!state) return;
    if (!spec.current) {
      const stored = d.store.loadRun(runId)!;
      spec.current = makeRunSpec(stored.template, stored.plan);
    }
    if (batch.length === 0) queueMicrotask(printBatch);
    if (event.type === "node.child" && !children.has(event.childRunId)) {
      batch.push({ line: `  ↳ child run ${event.childRunId}` });
      children.set(event.childRunId, followRunProgress(d, event.childRunId, {}, `${indent}    `));
    }
    const ends =
      (event.type === "node.succeeded" || event.type === "node.failed") &&
      spec.current.plan.nodes[event.nodeId]?.type === "workflow";
    for (const line of formatProgressLine(spec.current, state, event))
      batch.push({ line, start: event.type === "node.started" ? event.nodeId : undefined, ends });
    const nodeId = "nodeId" in event ? event.nodeId : undefined;
    if (event.type !== "node.log" && settledInBatch(event, nodeId ? state.nodes[nodeId]?.status : undefined))
      batch.push({ line: "--- batch complete, evaluating next tasks ---" });
  });
  return printBatch;
}

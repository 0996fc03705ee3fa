"use client";
/**
 * A node on the run canvas: the editor's node view with its live status (selected from the run
 * canvas store, so only this node re-renders when it changes), `data-status` on React Flow's node
 * element, the elapsed time of a running node (ticking), for a loop the iteration it is on, for a
 * workflow node its child run's progress and `Open child run`, and while
 * compared with another run what differs (`data-compare`, outlined).
 */
import type { NodeProps } from "@xyflow/react";
import { useLayoutEffect, useMemo, useRef } from "react";
import { WorkflowNodeView } from "@/components/canvas/workflow-node";
import type { WorkflowFlowNode } from "@/lib/canvas/project-template";
import { ChildRunProgress } from "./child-run-progress";
import { formatDuration } from "./format-duration";
import { useRunCanvas } from "./run-canvas-context";
import { useNow } from "./use-now";

/** A workflow node's child run, selected as primitives (the node re-renders only when one changes). */
function useChildRun(nodeId: string) {
  const runId = useRunCanvas((v) => v.state.nodes[nodeId]?.child?.runId);
  const status = useRunCanvas((v) => v.state.nodes[nodeId]?.child?.status ?? "");
  const done = useRunCanvas((v) => v.state.nodes[nodeId]?.child?.done ?? 0);
  const total = useRunCanvas((v) => v.state.nodes[nodeId]?.child?.total ?? 0);
  return useMemo(() => (runId ? { runId, status, done, total } : undefined), [runId, status, done, total]);
}

function RunNodeExtras({ nodeId, selected }: { nodeId: string; selected: boolean }) {
  const child = useChildRun(nodeId);
  const nodeStatus = useRunCanvas((v) => v.statuses[nodeId]?.status);
  const iterations = useRunCanvas((v) => v.plan.loops[nodeId]);
  // Primitives only: the node re-renders when these change, not on every event.
  const startedAt = useRunCanvas((v) => {
    for (const id of v.plan.loops[nodeId] ?? [nodeId])
      if (v.state.nodes[id]?.status === "running") return v.state.nodes[id]?.startedAt;
    return undefined;
  });
  const current = useRunCanvas((v) => {
    let k = 0;
    (v.plan.loops[nodeId] ?? []).forEach((id, i) => {
      const s = v.state.nodes[id]?.status;
      if (s && s !== "pending" && s !== "skipped") k = i + 1;
    });
    return k;
  });
  const replayNow = useRunCanvas((v) => v.now);
  const now = useNow(startedAt !== undefined && replayNow === undefined);
  const elapsed = startedAt !== undefined ? (replayNow ?? now) - startedAt : undefined;
  if (!iterations && elapsed === undefined && !child) return null;
  return (
    <div className="run-node-extras">
      {child && <ChildRunProgress child={child} nodeStatus={nodeStatus} hidden={selected} />}
      {iterations && (
        <span data-testid={`iteration-${nodeId}`}>
          iteration {current}/{iterations.length}
        </span>
      )}
      {elapsed !== undefined && (
        <span className="run-node-elapsed" data-testid={`elapsed-${nodeId}`}>
          running {formatDuration(Math.max(0, elapsed))}
        </span>
      )}
    </div>
  );
}

export function RunCanvasNode(props: NodeProps<WorkflowFlowNode>) {
  const status = useRunCanvas((v) => v.statuses[props.id]?.status);
  const attempts = useRunCanvas((v) => v.statuses[props.id]?.attempts);
  const changed = useRunCanvas((v) => v.compare?.[props.id]);
  const differs = changed !== undefined && changed.length > 0;
  const data = useMemo(
    () => ({ ...props.data, status, attempts, ...(differs ? { highlight: "changed" as const } : {}) }),
    [props.data, status, attempts, differs],
  );
  const anchor = useRef<HTMLSpanElement>(null);
  // `data-status` belongs on React Flow's own node element (docs/ui.md); React Flow never sets it, so
  // it is written here rather than by re-projecting every node.
  useLayoutEffect(() => {
    anchor.current?.closest(".react-flow__node")?.setAttribute("data-status", status ?? "");
  }, [status]);
  // While compared with another run: `data-compare` says which fields differ ("same" when none).
  const compareText = changed === undefined ? undefined : changed.join(" ") || "same";
  useLayoutEffect(() => {
    const el = anchor.current?.closest(".react-flow__node");
    if (compareText === undefined) el?.removeAttribute("data-compare");
    else el?.setAttribute("data-compare", compareText);
  }, [compareText]);
  return (
    <>
      <span ref={anchor} hidden />
      <WorkflowNodeView {...props} data={data} />
      <RunNodeExtras nodeId={props.id} selected={props.selected} />
    </>
  );
}

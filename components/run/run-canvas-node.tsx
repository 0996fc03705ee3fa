"use client";
/**
 * A node on the run canvas: the editor's node view plus what a run adds — the elapsed time of a
 * running node (ticking), and for a loop the iteration it is on.
 */
import type { NodeProps } from "@xyflow/react";
import type { WorkflowFlowNode } from "@/lib/canvas/project-template";
import { WorkflowNodeView } from "@/components/workflow-node";
import { formatDuration } from "./format-duration";
import { useRunCanvasView } from "./run-canvas-context";
import { useNow } from "./use-now";

function RunNodeExtras({ nodeId }: { nodeId: string }) {
  const view = useRunCanvasView();
  const iterations = view?.plan.loops[nodeId];
  const ids = iterations ?? [nodeId];
  const nodes = ids.map((id) => view?.state.nodes[id]);
  const running = nodes.find((n) => n?.status === "running");
  const now = useNow(!!running && view?.now === undefined);
  if (!view) return null;
  let current = 0;
  nodes.forEach((n, k) => {
    if (n && n.status !== "pending" && n.status !== "skipped") current = k + 1;
  });
  const elapsed = running?.startedAt ? (view.now ?? now) - running.startedAt : undefined;
  if (!iterations && elapsed === undefined) return null;
  return (
    <div className="run-node-extras">
      {iterations && (
        <span data-testid={`iteration-${nodeId}`}>
          iteration {current}/{iterations.length}
        </span>
      )}
      {elapsed !== undefined && (
        <span className="run-node-elapsed" data-testid={`elapsed-${nodeId}`}>
          running {formatDuration(elapsed)}
        </span>
      )}
    </div>
  );
}

export function RunCanvasNode(props: NodeProps<WorkflowFlowNode>) {
  return (
    <>
      <WorkflowNodeView {...props} />
      <RunNodeExtras nodeId={props.id} />
    </>
  );
}

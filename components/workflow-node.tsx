"use client";
/** One workflow node on the canvas: type badge, name, id, and (in a run) its live status. */
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { WorkflowFlowNode } from "@/lib/canvas/project-template";

const TYPE_ICONS: Record<string, string> = {
  shell: "›_",
  agent: "✦",
  skill: "⚙",
  http: "⇄",
  human: "☺",
  checkpoint: "⏸",
  gate: "◇",
  loop: "↻",
};

export function WorkflowNodeView({ data }: NodeProps<WorkflowFlowNode>) {
  const { node, status, attempts } = data;
  const pause = node.type === "checkpoint" && node.auto_continue === false;
  return (
    <div
      className={`wf-node wf-node-${node.type} ${status ? `wf-status-${status}` : ""}`}
      data-testid={`node-${node.id}`}
      data-status={status ?? ""}
      title={node.description ?? node.name}
    >
      <Handle type="target" position={Position.Left} />
      <div className="wf-node-head">
        <span className="wf-node-icon" aria-hidden>
          {TYPE_ICONS[node.type] ?? "•"}
        </span>
        <span className="wf-node-type">{node.type}</span>
        <span className="wf-node-id">{node.id}</span>
      </div>
      <div className="wf-node-name">{node.name}</div>
      {pause && <div className="wf-node-note">pause for a person</div>}
      {status && (
        <div className="wf-node-status">
          {status}
          {attempts && attempts > 1 ? ` · attempt ${attempts}` : ""}
        </div>
      )}
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

"use client";
/**
 * One workflow node on the canvas: type icon, name, id, a one-line summary of its command, prompt
 * or condition, its phase colour, problems (editor), live status (run view) and what Simulate predicts
 * (a simulated gate shows why it chose in place of its summary). In the editor it has a menu with
 * the pipeline edits (docs/ui.md: insert after, remove with re-wiring).
 */
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { useContext } from "react";
import type { WorkflowFlowNode } from "@/lib/canvas/project-template";
import { TYPE_ICONS } from "./node-type-icons";
import { NodeMenuSlot } from "./node-menu-slot";
import { WorkflowCallSummary } from "./workflow-call-summary";

export function WorkflowNodeView({ data, selected }: NodeProps<WorkflowFlowNode>) {
  const { node, status, attempts, problem, highlight, summary, phaseColour, simStatus, simWhy } = data;
  const Menu = useContext(NodeMenuSlot);
  const pause = node.type === "checkpoint" && node.auto_continue === false;
  const classes = [
    "wf-node",
    `wf-node-${node.type}`,
    status ? `wf-status-${status}` : "",
    problem ? `wf-problem-${problem}` : "",
    highlight ? `wf-highlight-${highlight}` : "",
    simStatus ? `wf-sim-${simStatus}` : "",
    selected ? "wf-selected" : "",
  ];
  return (
    <div
      className={classes.filter(Boolean).join(" ")}
      data-testid={`node-${node.id}`}
      data-status={status ?? ""}
      title={node.description ?? node.name}
      style={phaseColour ? { borderLeftColor: phaseColour } : undefined}
    >
      <Handle type="target" position={Position.Left} />
      <div className="wf-node-head">
        <span className={`wf-node-icon wf-type-${node.type}`} aria-hidden>
          {TYPE_ICONS[node.type] ?? "•"}
        </span>
        <span className="wf-node-type">{node.type}</span>
        <span className="wf-node-id">{node.id}</span>
        {node.phase && (
          <span className="wf-node-phase" style={{ color: phaseColour }}>
            {node.phase}
          </span>
        )}
        {status && (
          <span className={`wf-node-status wf-status-badge-${status}`}>
            {status}
            {attempts && attempts > 1 ? ` ·${attempts}` : ""}
          </span>
        )}
        {problem && (
          <span
            className={`wf-node-problem wf-problem-badge-${problem}`}
            title={`This node has ${problem}s: see Problems`}
          >
            {problem === "error" ? "!" : "?"}
          </span>
        )}
        {Menu && <Menu nodeId={node.id} />}
      </div>
      <div className="wf-node-name">{node.name || <em className="muted">unnamed</em>}</div>
      {simWhy ? (
        <div className="wf-node-summary wf-node-why" title={simWhy} data-testid={`why-${node.id}`}>
          {simWhy}
        </div>
      ) : (
        <div className="wf-node-summary">
          {node.type === "workflow" ? (
            <WorkflowCallSummary template={node.template} version={node.version} />
          ) : pause ? (
            "pauses for a person"
          ) : (
            summary
          )}
        </div>
      )}
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

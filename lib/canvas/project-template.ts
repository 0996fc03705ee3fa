/**
 * Template → React Flow nodes and edges. The template stays the source of truth; the canvas is a
 * projection (DESIGN.md §8). Positions come from the template, else from auto-layout.
 */
import type { Edge as FlowEdge, Node as FlowNode } from "@xyflow/react";
import type { NodeStatus } from "@/lib/workflow/statuses";
import type { Template, WorkflowNode } from "@/lib/workflow/template-schema";
import { autoLayout } from "./auto-layout";

export interface WorkflowNodeData extends Record<string, unknown> {
  node: WorkflowNode;
  status?: NodeStatus;
  /** Attempts so far (run view). */
  attempts?: number;
}
export type WorkflowFlowNode = FlowNode<WorkflowNodeData, "workflow">;

export interface Projection {
  nodes: WorkflowFlowNode[];
  edges: FlowEdge[];
}

/** Node id → live status, from the run view; absent in the library and editor. */
export type StatusById = Readonly<Record<string, { status: NodeStatus; attempts?: number } | undefined>>;

export function projectTemplate(template: Template, statuses: StatusById = {}): Projection {
  const laidOut = template.nodes.every((n) => n.position) ? template : autoLayout(template, { direction: "LR" });
  const nodes: WorkflowFlowNode[] = laidOut.nodes.map((node) => ({
    id: node.id,
    type: "workflow",
    position: node.position ?? { x: 0, y: 0 },
    data: { node, status: statuses[node.id]?.status, attempts: statuses[node.id]?.attempts },
  }));
  const edges: FlowEdge[] = template.edges.map((e, i) => {
    const target = statuses[e.to]?.status;
    return {
      id: `e${i}-${e.from}-${e.to}`,
      source: e.from,
      target: e.to,
      label: e.label,
      animated: target === "running",
      className: target === "skipped" ? "edge-skipped" : undefined,
    };
  });
  return { nodes, edges };
}

"use client";
/** Read-only canvas of a template (library and run view); nodes projected by lib/canvas. */
import { Background, Controls, ReactFlow } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useMemo } from "react";
import { projectTemplate, type StatusById } from "@/lib/canvas/project-template";
import type { Template } from "@/lib/workflow/template-schema";
import { FrameNodeView } from "./editor/frame-node";
import { WorkflowNodeView } from "./workflow-node";

// Module scope: a new object per render would make React Flow re-mount every node.
const nodeTypes = { workflow: WorkflowNodeView, frame: FrameNodeView };

export function WorkflowCanvas({ template, statuses }: { template: Template; statuses?: StatusById }) {
  const { nodes, edges } = useMemo(() => projectTemplate(template, statuses), [template, statuses]);
  return (
    <div className="canvas" data-testid="workflow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        fitView
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

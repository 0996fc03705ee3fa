"use client";
/** A parallel group's frame behind its members (not selectable; it follows them). */
import type { NodeProps } from "@xyflow/react";
import type { FrameFlowNode } from "@/lib/canvas/project-template";

export function FrameNodeView({ data }: NodeProps<FrameFlowNode>) {
  return (
    <div className="wf-frame" aria-hidden>
      <span className="wf-frame-label">{data.label}</span>
    </div>
  );
}

"use client";
/**
 * An edge on the run canvas: React Flow's bezier edge, animated while the node it leads to runs,
 * faded when that node was skipped — read from the run canvas store, so the edge arrays stay the same.
 */
import { BaseEdge, getBezierPath, type EdgeProps } from "@xyflow/react";
import { useRunCanvas } from "./run-canvas-context";

const ANIMATED = { strokeDasharray: 5, animation: "dashdraw 0.5s linear infinite" } as const;

export function RunCanvasEdge(props: EdgeProps) {
  const status = useRunCanvas((v) => v.statuses[props.target]?.status);
  const [path, labelX, labelY] = getBezierPath(props);
  return (
    <g className={status === "skipped" ? "edge-skipped" : undefined} data-target-status={status}>
      <BaseEdge
        id={props.id}
        path={path}
        markerEnd={props.markerEnd}
        label={props.label}
        labelX={labelX}
        labelY={labelY}
        style={status === "running" ? { ...props.style, ...ANIMATED } : props.style}
      />
    </g>
  );
}

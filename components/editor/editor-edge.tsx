"use client";
/**
 * An edge on the editor canvas: React Flow's bezier with its label as text in the edge element
 * (docs/ui.md), and — while the pointer is over it or it is selected — a `+` in its middle that
 * opens the node creator to insert a node into it. Only that edge re-renders when the hover moves.
 */
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { useEditor, useEditorStore } from "./editor-provider";

export function EditorEdge(props: EdgeProps) {
  const { id, source, target, label, selected, markerEnd, style } = props;
  const store = useEditorStore();
  const hovered = useEditor((s) => s.hoverEdge === id);
  const [path, x, y] = getBezierPath(props);
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={style}
        label={label}
        labelX={x}
        labelY={label ? y - 18 : y}
        labelBgPadding={[4, 2]}
        labelBgBorderRadius={3}
        interactionWidth={24}
      />
      {(hovered || selected) && (
        <EdgeLabelRenderer>
          <button
            type="button"
            className="edge-insert nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
            aria-label={`Insert a node between ${source} and ${target}`}
            title="Insert a node here"
            onMouseEnter={() => store.getState().setHoverEdge(id)}
            onClick={() => store.getState().openCreator({ mode: "edge", edge: id })}
          >
            +
          </button>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

"use client";
/**
 * The editor's canvas: React Flow, controlled by the editor store. Nodes and edges are projected
 * from the draft (lib/canvas); every change React Flow reports becomes a store command, so the draft
 * stays the one source of truth and every edit is one undo step.
 */
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  SelectionMode,
  useReactFlow,
  type Connection,
  type Edge as FlowEdge,
  type EdgeChange,
  type FinalConnectionState,
  type NodeChange,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useState, type DragEvent } from "react";
import { createTemplateProjector, type CanvasNode } from "@/lib/canvas/project-template";
import { addNode, canConnect, connect } from "@/lib/stores/editor-commands";
import type { XY } from "@/lib/stores/editor-store";
import { connectionRefusal } from "@/lib/workflow/edit/connect-nodes";
import type { Severity } from "@/lib/workflow/model/diagnostic";
import type { NodeType } from "@/lib/workflow/model/template-schema";
import { WorkflowNodeView } from "@/components/canvas/workflow-node";
import { useEditor, useEditorStore } from "./editor-provider";
import { FrameNodeView } from "./frame-node";
import { PALETTE_MIME } from "./node-palette";
import { PhaseLegend } from "./phase-legend";

// Module scope: a new object per render would make React Flow re-mount every node.
const nodeTypes = { workflow: WorkflowNodeView, frame: FrameNodeView };
const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };
/** Above this many nodes only what is on screen is rendered. */
const VIRTUALIZE_ABOVE = 300;
/** Fitting leaves the minimap's corner free, so it never covers a node after "Fit view". */
const FIT_PADDING = { top: "32px", left: "32px", bottom: "32px", right: "170px" } as const;

export function EditorCanvas({ onDropFiles }: { onDropFiles: (files: File[]) => void }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const selection = useEditor((s) => s.selection);
  const dragging = useEditor((s) => s.dragging);
  const diagnostics = useEditor((s) => s.diagnostics);
  const focus = useEditor((s) => s.focus);
  const highlight = useEditor((s) => s.highlight);
  const flow = useReactFlow();
  const [project] = useState(createTemplateProjector);
  const big = draft.nodes.length > VIRTUALIZE_ABOVE;

  const problems = useMemo(() => {
    const byNode = new Map<string, Severity>();
    const edges = new Set<string>();
    for (const d of diagnostics) {
      const worst = d.nodeId ? byNode.get(d.nodeId) : undefined;
      if (d.nodeId && (!worst || SEVERITY_RANK[d.severity] > SEVERITY_RANK[worst])) byNode.set(d.nodeId, d.severity);
      if (d.edge) edges.add(`${d.edge.from}->${d.edge.to}`);
    }
    return { byNode, edges };
  }, [diagnostics]);

  const { nodes, edges } = useMemo(
    () =>
      project(draft, {
        selectedNodes: new Set(selection.nodes),
        selectedEdges: new Set(selection.edges),
        problems: problems.byNode,
        edgeProblems: problems.edges,
        dragging: dragging ?? undefined,
        highlight: highlight ?? undefined,
      }),
    [project, draft, selection, problems, dragging, highlight],
  );

  useEffect(() => {
    if (!focus) return;
    const ids = focus.ids.filter((id) => draft.nodes.some((n) => n.id === id));
    // After the projection has reached React Flow (next frame), so new positions are known.
    const frame = requestAnimationFrame(() =>
      flow.fitView({
        padding: FIT_PADDING,
        nodes: ids.length ? ids.map((id) => ({ id })) : undefined,
        duration: 200,
        maxZoom: 1.25,
      }),
    );
    return () => cancelAnimationFrame(frame);
    // Only a new focus request moves the view, not every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.seq]);

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      const s = store.getState();
      const moving: Record<string, XY> = {};
      let ended = false;
      let nodes: Set<string> | null = null;
      for (const c of changes) {
        if (c.type === "position" && c.position) {
          moving[c.id] = c.position;
          if (!c.dragging) ended = true;
        } else if (c.type === "position" && c.dragging === false) ended = true;
        else if (c.type === "select" && !c.id.startsWith("frame:")) {
          nodes ??= new Set(s.selection.nodes);
          if (c.selected) nodes.add(c.id);
          else nodes.delete(c.id);
        }
      }
      if (nodes) s.select({ nodes: [...nodes], edges: s.selection.edges });
      if (ended) s.endDrag(moving);
      else if (Object.keys(moving).length) s.drag(moving);
    },
    [store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      const s = store.getState();
      let edges: Set<string> | null = null;
      for (const c of changes)
        if (c.type === "select") {
          edges ??= new Set(s.selection.edges);
          if (c.selected) edges.add(c.id);
          else edges.delete(c.id);
        }
      if (edges) s.select({ nodes: s.selection.nodes, edges: [...edges] });
    },
    [store],
  );

  const onConnect = useCallback((c: Connection) => void connect(store, c.source, c.target), [store]);
  const isValidConnection = useCallback((c: Connection | FlowEdge) => canConnect(store, c.source, c.target), [store]);
  const onConnectEnd = useCallback(
    (_e: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromNode || !state.toNode) return;
      const refusal = connectionRefusal(store.getState().draft, state.fromNode.id, state.toNode.id);
      if (refusal) store.getState().notify("error", refusal.message);
    },
    [store],
  );

  const onDragOver = useCallback((e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
  }, []);
  const onDrop = useCallback(
    (e: DragEvent) => {
      e.preventDefault();
      const payload = e.dataTransfer.getData(PALETTE_MIME);
      if (payload) {
        const point = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
        const [type, executor] = payload.startsWith("skill:") ? ["skill", payload.slice(6)] : [payload, undefined];
        addNode(store, type as NodeType, point, executor);
        return;
      }
      if (e.dataTransfer.files.length) onDropFiles([...e.dataTransfer.files]);
    },
    [flow, store, onDropFiles],
  );

  return (
    <div className="canvas canvas-editor" data-testid="workflow-canvas" onDragOver={onDragOver} onDrop={onDrop}>
      <ReactFlow<CanvasNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        isValidConnection={isValidConnection}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={["Shift", "Meta", "Control"]}
        selectionOnDrag
        selectionMode={SelectionMode.Partial}
        panOnDrag={[1, 2]}
        panActivationKeyCode="Space"
        panOnScroll
        onlyRenderVisibleElements={big}
        minZoom={0.05}
        // A big workflow opens at its start, at a readable zoom, so only the nodes on screen are drawn;
        // fitting 1,000 nodes would draw them all as dots first.
        fitView={!big}
        fitViewOptions={{ maxZoom: 1, padding: FIT_PADDING }}
        defaultViewport={big ? { x: 24, y: 24, zoom: 0.6 } : undefined}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <PhaseLegend />
        {/* Above the virtualisation bound the minimap, which draws every node, would cost more than the canvas. */}
        {!big && <MiniMap pannable zoomable ariaLabel="Minimap" style={{ width: 140, height: 90 }} />}
        <Controls showInteractive={false} showFitView={false} />
      </ReactFlow>
    </div>
  );
}

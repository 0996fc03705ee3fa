"use client";
/**
 * The editor's canvas: React Flow, controlled by the editor store. Nodes, sticky notes and edges are
 * projected from the draft (lib/canvas); every change React Flow reports becomes a store command, so
 * the draft stays the one source of truth and every edit is one undo step. A connection dropped on
 * empty canvas opens the node creator there; the `+` on an edge inserts into it (editor-edge.tsx).
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
  type EdgeMouseHandler,
  type FinalConnectionState,
  type NodeChange,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useState, type DragEvent } from "react";
import { DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "@/lib/canvas/auto-layout";
import type { Rect } from "@/lib/canvas/free-spot";
import { createTemplateProjector, type CanvasNode } from "@/lib/canvas/project-template";
import { addNode, canConnect, connect } from "@/lib/stores/editor-commands";
import { NOTE_PREFIX, type XY } from "@/lib/stores/editor-store";
import { connectionRefusal } from "@/lib/workflow/edit/connect-nodes";
import type { Severity } from "@/lib/workflow/model/diagnostic";
import type { NodeType } from "@/lib/workflow/model/template-schema";
import { BitmapMinimap } from "@/components/canvas/bitmap-minimap";
import { NodeMenuSlot } from "@/components/canvas/node-menu-slot";
import { WorkflowNodeView } from "@/components/canvas/workflow-node";
import { useColorMode } from "@/components/app-shell/theme-toggle";
import { AssumptionsPanel } from "./assumptions-panel";
import { useEditor, useEditorStore } from "./editor-provider";
import { EditorEdge } from "./editor-edge";
import { FrameNodeView } from "@/components/canvas/frame-node";
import { PALETTE_MIME } from "./node-palette";
import { NodeMenu } from "./node-menu";
import { PhaseLegend } from "./phase-legend";
import { StickyNoteNode } from "./sticky-note-node";

// Module scope: a new object per render would make React Flow re-mount every node.
const nodeTypes = { workflow: WorkflowNodeView, frame: FrameNodeView, note: StickyNoteNode };
const edgeTypes = { editor: EditorEdge };
const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };
/** Above this many nodes only what is on screen is rendered. */
const VIRTUALIZE_ABOVE = 300;
/** Fitting leaves the minimap's corner free, so it never covers a node after "Fit view". */
const FIT_PADDING = { top: "32px", left: "32px", bottom: "32px", right: "170px" } as const;
const minimapClass = (n: CanvasNode) => `minimap-${n.type}`;

export function EditorCanvas({
  onDropFiles,
  visible,
}: {
  onDropFiles: (files: File[]) => void;
  /** The part of the canvas on screen (flow coordinates), where new nodes land. */
  visible: () => Rect | undefined;
}) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const selection = useEditor((s) => s.selection);
  const selectedNotes = useEditor((s) => s.selectedNotes);
  const dragging = useEditor((s) => s.dragging);
  const diagnostics = useEditor((s) => s.diagnostics);
  const focus = useEditor((s) => s.focus);
  const highlight = useEditor((s) => s.highlight);
  const runStatuses = useEditor((s) => s.runStatuses);
  // A simulation of an older draft says nothing about this one.
  const simulation = useEditor((s) => (s.simulation?.draft === s.draft ? s.simulation : null));
  const colorMode = useColorMode();
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

  const notesOption = useMemo(() => ({ selected: new Set(selectedNotes) }), [selectedNotes]);
  const { nodes, edges } = useMemo(
    () =>
      project(draft, {
        selectedNodes: new Set(selection.nodes),
        selectedEdges: new Set(selection.edges),
        problems: problems.byNode,
        edgeProblems: problems.edges,
        dragging: dragging ?? undefined,
        highlight: highlight ?? undefined,
        statuses: runStatuses ?? undefined,
        simulation: simulation ?? undefined,
        notes: notesOption,
        edgeType: "editor",
      }),
    [project, draft, selection, problems, dragging, highlight, runStatuses, simulation, notesOption],
  );

  useEffect(() => {
    if (!focus) return;
    const ids = focus.ids.filter((id) => draft.nodes.some((n) => n.id === id));
    const at = (id: string) => draft.nodes.find((n) => n.id === id)?.position;
    // After the projection has reached React Flow (next frame), so new positions are known.
    const frame = requestAnimationFrame(() => {
      if (focus.mode === "reveal") {
        const view = visible();
        const p = ids.length ? at(ids[0]) : undefined;
        if (!view || !p) return;
        const shown =
          p.x >= view.x &&
          p.y >= view.y &&
          p.x + DEFAULT_NODE_WIDTH <= view.x + view.width &&
          p.y + DEFAULT_NODE_HEIGHT <= view.y + view.height;
        if (!shown)
          void flow.setCenter(p.x + DEFAULT_NODE_WIDTH / 2, p.y + DEFAULT_NODE_HEIGHT / 2, {
            zoom: flow.getZoom(),
            duration: 200,
          });
        return;
      }
      void flow.fitView({
        padding: FIT_PADDING,
        nodes: ids.length ? ids.map((id) => ({ id })) : undefined,
        duration: 200,
        maxZoom: 1.25,
      });
    });
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
      let notes: Set<string> | null = null;
      for (const c of changes) {
        if (c.type === "position" && c.position) {
          moving[c.id] = c.position;
          if (!c.dragging) ended = true;
        } else if (c.type === "position" && c.dragging === false) ended = true;
        else if (c.type === "select" && c.id.startsWith(NOTE_PREFIX)) {
          notes ??= new Set(s.selectedNotes);
          if (c.selected) notes.add(c.id.slice(NOTE_PREFIX.length));
          else notes.delete(c.id.slice(NOTE_PREFIX.length));
        } else if (c.type === "select" && !c.id.startsWith("frame:")) {
          nodes ??= new Set(s.selection.nodes);
          if (c.selected) nodes.add(c.id);
          else nodes.delete(c.id);
        }
      }
      if (nodes) s.select({ nodes: [...nodes], edges: s.selection.edges });
      if (notes) s.selectNotes([...notes]);
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
    (e: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromNode || state.fromNode.type !== "workflow") return;
      if (state.toNode) {
        // Dropped on a node it may not connect to (a cycle, itself, a repeat): say why, change nothing.
        const [from, to] =
          state.fromHandle?.type === "target"
            ? [state.toNode.id, state.fromNode.id]
            : [state.fromNode.id, state.toNode.id];
        const refusal = connectionRefusal(store.getState().draft, from, to);
        if (refusal) store.getState().notify("error", refusal.message);
        return;
      }
      // Dropped on empty canvas: the creator opens there and connects what it adds.
      const point = "changedTouches" in e ? e.changedTouches[0] : e;
      const at = flow.screenToFlowPosition({ x: point.clientX, y: point.clientY });
      const id = state.fromNode.id;
      store
        .getState()
        .openCreator(
          state.fromHandle?.type === "target" ? { mode: "connect", at, to: id } : { mode: "connect", at, from: id },
        );
    },
    [store, flow],
  );
  const onEdgeMouseEnter = useCallback<EdgeMouseHandler>((_e, edge) => store.getState().setHoverEdge(edge.id), [store]);
  const onEdgeMouseLeave = useCallback<EdgeMouseHandler>(
    (e) => {
      // Moving onto the edge's own `+` keeps it.
      if ((e.relatedTarget as Element | null)?.closest?.(".edge-insert")) return;
      store.getState().setHoverEdge(null);
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
        addNode(store, type as NodeType, point, executor, visible());
        return;
      }
      if (e.dataTransfer.files.length) onDropFiles([...e.dataTransfer.files]);
    },
    [flow, store, onDropFiles, visible],
  );

  return (
    <div className="canvas canvas-editor" data-testid="workflow-canvas" onDragOver={onDragOver} onDrop={onDrop}>
      <NodeMenuSlot.Provider value={NodeMenu}>
        <ReactFlow<CanvasNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          colorMode={colorMode}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onConnectEnd={onConnectEnd}
          onEdgeMouseEnter={onEdgeMouseEnter}
          onEdgeMouseLeave={onEdgeMouseLeave}
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
          <AssumptionsPanel />
          {/* Above the virtualisation bound React Flow's minimap (an SVG element per node) costs more than the canvas. */}
          {big ? (
            <BitmapMinimap nodes={nodes} />
          ) : (
            <MiniMap
              pannable
              zoomable
              ariaLabel="Minimap"
              style={{ width: 140, height: 90 }}
              nodeClassName={minimapClass}
            />
          )}
          <Controls showInteractive={false} showFitView={false} />
        </ReactFlow>
      </NodeMenuSlot.Provider>
    </div>
  );
}

"use client";
/**
 * The run page's canvas, read-only: the template laid out and projected once (never per event);
 * statuses reach the nodes and edges through a small store, so an event re-renders the node it
 * changed and the edges into it, and React Flow's node and edge arrays stay the same. Edges into
 * running nodes are animated; a phase strip shows each phase's progress. Clicking a node selects it.
 */
import {
  Background,
  Controls,
  Panel,
  ReactFlow,
  useReactFlow,
  useStore as useFlowStore,
  type NodeMouseHandler,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { createTemplateProjector } from "@/lib/canvas/project-template";
import { phaseColours } from "@/lib/canvas/phase-colour";
import { layoutOnce } from "@/lib/canvas/run-layout";
import { statusesByTemplateNode } from "@/lib/stores/run-store";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { Template } from "@/lib/workflow/model/template-schema";
import { FrameNodeView } from "@/components/canvas/frame-node";
import { useColorMode } from "@/components/app-shell/theme-toggle";
import { RunCanvasContext, createRunCanvasStore } from "./run-canvas-context";
import { RunCanvasEdge } from "./run-canvas-edge";
import { RunCanvasNode } from "./run-canvas-node";

// Module scope: a new object per render would make React Flow re-mount every node.
const nodeTypes = { workflow: RunCanvasNode, frame: FrameNodeView };
const edgeTypes = { run: RunCanvasEdge };

/** Above this many nodes only those on screen are drawn (as in the editor). */
const BIG = 300;

function PhaseProgress({ template, state, spec }: { template: Template; state: RunState; spec: RunSpec }) {
  const colours = useMemo(() => phaseColours(template), [template]);
  if (colours.size === 0) return null;
  const totals = new Map<string, { done: number; all: number }>();
  for (const id of spec.plan.order) {
    const phase = spec.plan.nodes[id].phase;
    if (!phase) continue;
    const t = totals.get(phase) ?? { done: 0, all: 0 };
    t.all++;
    const s = state.nodes[id]?.status;
    if (s === "done" || s === "skipped") t.done++;
    totals.set(phase, t);
  }
  return (
    <Panel position="top-left" className="phase-legend" aria-label="Phases">
      {[...colours].map(([name, colour]) => (
        <span key={name} className="phase-chip" data-testid={`phase-${name}`}>
          <span className="phase-swatch" style={{ background: colour }} aria-hidden />
          {name} {totals.get(name)?.done ?? 0}/{totals.get(name)?.all ?? 0}
        </span>
      ))}
    </Panel>
  );
}

/** Fits the view again when the canvas changes width (the node panel opened or closed beside it). */
function FitOnResize() {
  const width = useFlowStore((s) => s.width);
  const { fitView } = useReactFlow();
  useEffect(() => {
    if (width > 0) void fitView({ maxZoom: 1 });
  }, [width, fitView]);
  return null;
}

export function RunCanvas(props: {
  template: Template;
  spec: RunSpec;
  state: RunState;
  /** Replay: the moment shown (elapsed times stop there). */
  now?: number;
  selected?: string;
  onSelect(nodeId: string): void;
  /** While compared with another run: per template node, the fields that differ. */
  compare?: Readonly<Record<string, readonly string[]>>;
}) {
  const { template, spec, state, now, selected, onSelect, compare } = props;
  const laidOut = useMemo(() => layoutOnce(template), [template]);
  const statuses = useMemo(() => statusesByTemplateNode({ spec, state }), [spec, state]);
  // Nodes and edges are projected without statuses: the same arrays for the whole run (a click
  // selects), so React Flow never walks 1,000 nodes per event; nodes and edges read their status
  // from the canvas store below.
  const [project] = useState(createTemplateProjector);
  const selectedNodes = useMemo(() => new Set(selected ? [selected] : []), [selected]);
  const { nodes, edges } = useMemo(() => {
    const p = project(laidOut, { selectedNodes });
    return { nodes: p.nodes, edges: p.edges.map((e) => ({ ...e, type: "run" })) };
  }, [project, laidOut, selectedNodes]);
  const [store] = useState(() => createRunCanvasStore({ state, plan: spec.plan, statuses, now, compare }));
  useLayoutEffect(
    () => store.setState({ state, plan: spec.plan, statuses, now, compare }),
    [store, state, spec, statuses, now, compare],
  );
  const big = template.nodes.length > BIG;
  const colorMode = useColorMode();
  const onNodeClick = useCallback<NodeMouseHandler>(
    (_e, node) => {
      if (node.type === "workflow") onSelect(node.id);
    },
    [onSelect],
  );
  return (
    <RunCanvasContext.Provider value={store}>
      <div className="canvas" data-testid="workflow-canvas">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          colorMode={colorMode}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          onNodeClick={onNodeClick}
          onlyRenderVisibleElements={big}
          minZoom={0.05}
          fitView={!big}
          fitViewOptions={{ maxZoom: 1 }}
          defaultViewport={big ? { x: 24, y: 24, zoom: 0.6 } : undefined}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          {!big && <FitOnResize />}
          <PhaseProgress template={template} state={state} spec={spec} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
    </RunCanvasContext.Provider>
  );
}

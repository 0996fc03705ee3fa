"use client";
/**
 * The minimap of a big workflow: every node one rectangle on a single <canvas> (drawn again only when
 * the nodes move), the part on screen a rectangle over it (moved as the view pans), and a click or a
 * drag on it centring the view there. React Flow's own minimap draws an SVG element per node and
 * renders them again as the view moves: at 1,000 nodes it made opening the canvas take seconds.
 */
import { Panel, useReactFlow, useStore, type ReactFlowState } from "@xyflow/react";
import { useEffect, useMemo, useRef, type PointerEvent } from "react";
import { DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "@/lib/canvas/auto-layout";

interface MinimapNode {
  type?: string;
  position: { x: number; y: number };
}

const WIDTH = 140;
const HEIGHT = 90;
const PAD = 40;

/** Where the map's corner lies in flow space and the scale that fits the nodes into the map, centred. */
function fit(nodes: readonly MinimapNode[]) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const n of nodes) {
    x0 = Math.min(x0, n.position.x);
    y0 = Math.min(y0, n.position.y);
    x1 = Math.max(x1, n.position.x + DEFAULT_NODE_WIDTH);
    y1 = Math.max(y1, n.position.y + DEFAULT_NODE_HEIGHT);
  }
  if (!Number.isFinite(x0)) return { x0: 0, y0: 0, scale: 1 };
  const w = x1 - x0 + 2 * PAD;
  const h = y1 - y0 + 2 * PAD;
  const scale = Math.min(WIDTH / w, HEIGHT / h);
  return { x0: x0 - PAD - (WIDTH / scale - w) / 2, y0: y0 - PAD - (HEIGHT / scale - h) / 2, scale };
}

const viewOf = (s: ReactFlowState) => `${s.transform[0]},${s.transform[1]},${s.transform[2]},${s.width},${s.height}`;

export function BitmapMinimap({ nodes }: { nodes: readonly MinimapNode[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const flow = useReactFlow();
  const workflowNodes = useMemo(() => nodes.filter((n) => n.type === "workflow"), [nodes]);
  const bounds = useMemo(() => fit(workflowNodes), [workflowNodes]);
  const [tx, ty, zoom, width, height] = useStore(viewOf).split(",").map(Number);

  useEffect(() => {
    const el = canvas.current;
    const g = el?.getContext("2d");
    if (!el || !g) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = WIDTH * ratio;
    el.height = HEIGHT * ratio;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, WIDTH, HEIGHT);
    g.fillStyle = getComputedStyle(el).color;
    const w = Math.max(1, DEFAULT_NODE_WIDTH * bounds.scale);
    const h = Math.max(1, DEFAULT_NODE_HEIGHT * bounds.scale);
    for (const n of workflowNodes)
      g.fillRect((n.position.x - bounds.x0) * bounds.scale, (n.position.y - bounds.y0) * bounds.scale, w, h);
  }, [workflowNodes, bounds]);

  const centreAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = bounds.x0 + (e.clientX - box.left) / bounds.scale;
    const y = bounds.y0 + (e.clientY - box.top) / bounds.scale;
    void flow.setCenter(x, y, { zoom: flow.getZoom() });
  };
  const view = {
    left: (-tx / zoom - bounds.x0) * bounds.scale,
    top: (-ty / zoom - bounds.y0) * bounds.scale,
    width: (width / zoom) * bounds.scale,
    height: (height / zoom) * bounds.scale,
  };
  return (
    <Panel position="bottom-right">
      <div
        className="bitmap-minimap"
        role="img"
        aria-label="Minimap"
        style={{ width: WIDTH, height: HEIGHT }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          centreAt(e);
        }}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) centreAt(e);
        }}
      >
        <canvas ref={canvas} style={{ width: WIDTH, height: HEIGHT }} />
        <div className="bitmap-minimap-view" style={view} />
      </div>
    </Panel>
  );
}

/**
 * Template → React Flow nodes and edges. The template stays the source of truth; the canvas is a
 * projection (docs/ui.md). Positions come from the template, else from auto-layout.
 *
 * A projector keeps the flow node it made for each template node object: edits are immutable and
 * share untouched nodes, so after an edit only the changed nodes get new objects and React Flow
 * re-renders only those (this is what keeps a 1,000-node canvas interactive while dragging).
 */
import type { Edge as FlowEdge, Node as FlowNode, Position } from "@xyflow/react";
import type { Severity } from "@/lib/workflow/model/diagnostic";
import type { NodeStatus } from "@/lib/workflow/model/statuses";
import type { Edge, Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { readNotes, type StickyNote } from "@/lib/workflow/edit/sticky-notes";
import { autoLayout, DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "./auto-layout";
import { nodeSummary } from "./node-summary";
import { phaseColours } from "./phase-colour";

/** How a node or edge differs from the version it is compared with (version diff). */
export type Highlight = "added" | "changed" | "removed";

export interface WorkflowNodeData extends Record<string, unknown> {
  node: WorkflowNode;
  summary: string;
  phaseColour?: string;
  status?: NodeStatus;
  /** Attempts so far (run view). */
  attempts?: number;
  /** Worst problem the validator reports on this node (editor). */
  problem?: Severity;
  highlight?: Highlight;
  /** The status a simulation predicts (editor's Simulate). */
  simStatus?: NodeStatus;
  /** A simulated gate's why: the condition, its value, the label matched. */
  simWhy?: string;
}
export type WorkflowFlowNode = FlowNode<WorkflowNodeData, "workflow">;
export interface FrameData extends Record<string, unknown> {
  label: string;
}
export type FrameFlowNode = FlowNode<FrameData, "frame">;
export interface NoteData extends Record<string, unknown> {
  note: StickyNote;
}
export type NoteFlowNode = FlowNode<NoteData, "note">;
export type CanvasNode = WorkflowFlowNode | FrameFlowNode | NoteFlowNode;

export interface Projection {
  nodes: CanvasNode[];
  edges: FlowEdge[];
}

/** Node id → live status, from the run view; absent in the library and editor. */
export type StatusById = Readonly<Record<string, { status: NodeStatus; attempts?: number } | undefined>>;

/** What the editor's Simulate predicted: each planned node's status, each routed gate's why. */
export interface SimulationOverlay {
  statuses: Readonly<Record<string, NodeStatus | undefined>>;
  whys: Readonly<Record<string, string | undefined>>;
}

export interface ProjectionOptions {
  statuses?: StatusById;
  simulation?: SimulationOverlay;
  selectedNodes?: ReadonlySet<string>;
  selectedEdges?: ReadonlySet<string>;
  /** Node id → the worst severity reported on it. */
  problems?: ReadonlyMap<string, Severity>;
  /** Edge ids with a problem. */
  edgeProblems?: ReadonlySet<string>;
  highlight?: ReadonlyMap<string, Highlight>;
  /** Positions that override the template's while a drag is under way (notes as `note:<id>`). */
  dragging?: Readonly<Record<string, { x: number; y: number }>>;
  /** Draw the template's sticky notes (the editor), with these selected. */
  notes?: { selected: ReadonlySet<string> };
  /** The React Flow edge type to give every edge (the editor's has a `+`). */
  edgeType?: string;
}

/** Sticky notes as canvas nodes (`note:<id>`), behind the workflow nodes. */
function noteNodes(
  notes: readonly StickyNote[],
  selected: ReadonlySet<string>,
  dragging: ProjectionOptions["dragging"],
  cache: WeakMap<StickyNote, NoteFlowNode>,
  next: WeakMap<StickyNote, NoteFlowNode>,
): NoteFlowNode[] {
  return notes.map((note) => {
    const id = `note:${note.id}`;
    const position = dragging?.[id] ?? note.position;
    const isSelected = selected.has(note.id);
    const previous = cache.get(note);
    const same =
      previous &&
      previous.position.x === position.x &&
      previous.position.y === position.y &&
      previous.selected === isSelected;
    const flow: NoteFlowNode = same
      ? previous
      : {
          id,
          type: "note",
          position,
          selected: isSelected,
          width: note.size.width,
          height: note.size.height,
          measured: { ...note.size },
          zIndex: -1,
          ariaLabel: `Sticky note ${note.id}`,
          data: { note },
        };
    next.set(note, flow);
    return flow;
  });
}

/** The id of an edge on the canvas (`from->to`; a repeated pair gets `#2`, `#3`…). */
export function edgeIdOf(edge: Pick<Edge, "from" | "to">, repeat = 1): string {
  return repeat > 1 ? `${edge.from}->${edge.to}#${repeat}` : `${edge.from}->${edge.to}`;
}

/** The ends of a canvas edge id made by `edgeIdOf`. */
export function edgeEndsOf(id: string): { from: string; to: string } {
  const [from, to] = id.split("#")[0].split("->");
  return { from, to };
}

const FRAME_PAD = 24;

/** The 8 × 8 px handles centred on the middle of the node's left (input) and right (output) edges. */
const HANDLE = 8;
const HANDLES: NonNullable<FlowNode["handles"]> = [
  {
    type: "target",
    position: "left" as Position,
    x: -HANDLE / 2,
    y: DEFAULT_NODE_HEIGHT / 2 - HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
  {
    type: "source",
    position: "right" as Position,
    x: DEFAULT_NODE_WIDTH - HANDLE / 2,
    y: DEFAULT_NODE_HEIGHT / 2 - HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
];

function groupFrames(nodes: readonly WorkflowFlowNode[]): FrameFlowNode[] {
  const boxes = new Map<string, { x0: number; y0: number; x1: number; y1: number; n: number }>();
  for (const fn of nodes) {
    const group = fn.data.node.parallel_group;
    if (!group) continue;
    const { x, y } = fn.position;
    const b = boxes.get(group) ?? { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, n: 0 };
    boxes.set(group, {
      x0: Math.min(b.x0, x),
      y0: Math.min(b.y0, y),
      x1: Math.max(b.x1, x + DEFAULT_NODE_WIDTH),
      y1: Math.max(b.y1, y + DEFAULT_NODE_HEIGHT),
      n: b.n + 1,
    });
  }
  return [...boxes].map(([group, b]) => ({
    id: `frame:${group}`,
    type: "frame",
    position: { x: b.x0 - FRAME_PAD, y: b.y0 - FRAME_PAD - 18 },
    data: { label: `parallel: ${group}` },
    style: { width: b.x1 - b.x0 + 2 * FRAME_PAD, height: b.y1 - b.y0 + 2 * FRAME_PAD + 18 },
    selectable: false,
    draggable: false,
    connectable: false,
    focusable: false,
    zIndex: -1,
  }));
}

export type TemplateProjector = (template: Template, options?: ProjectionOptions) => Projection;

/** A projector with its own cache (one per canvas). */
export function createTemplateProjector(): TemplateProjector {
  let cache = new WeakMap<WorkflowNode, WorkflowFlowNode>();
  let edgeCache = new WeakMap<Edge, FlowEdge>();
  let noteCache = new WeakMap<StickyNote, NoteFlowNode>();
  let lastEdges: FlowEdge[] = [];
  let lastColours = "";
  return (template, options = {}) => {
    const laidOut = template.nodes.every((n) => n.position) ? template : autoLayout(template, { direction: "LR" });
    const colours = phaseColours(template);
    const colourKey = [...colours].join("|");
    if (colourKey !== lastColours) {
      cache = new WeakMap();
      lastColours = colourKey;
    }
    const nextCache = new WeakMap<WorkflowNode, WorkflowFlowNode>();
    const nodes: WorkflowFlowNode[] = laidOut.nodes.map((node, i) => {
      const own = template.nodes[i];
      const live = options.statuses?.[node.id];
      const position = options.dragging?.[node.id] ?? node.position ?? { x: 0, y: 0 };
      const selected = options.selectedNodes?.has(node.id) ?? false;
      const problem = options.problems?.get(node.id);
      const highlight = options.highlight?.get(node.id);
      const simStatus = options.simulation?.statuses[node.id];
      const simWhy = options.simulation?.whys[node.id];
      const previous = cache.get(own);
      if (
        previous &&
        previous.position.x === position.x &&
        previous.position.y === position.y &&
        (previous.selected ?? false) === selected &&
        previous.data.problem === problem &&
        previous.data.highlight === highlight &&
        previous.data.status === live?.status &&
        previous.data.attempts === live?.attempts &&
        previous.data.simStatus === simStatus &&
        previous.data.simWhy === simWhy
      ) {
        nextCache.set(own, previous);
        return previous;
      }
      const flow: WorkflowFlowNode = {
        id: node.id,
        type: "workflow",
        position,
        selected,
        // Nodes are drawn at a fixed size: giving it up front means an edited node keeps its
        // measured handles instead of being hidden and re-measured (React Flow resets a node whose
        // `measured` is missing).
        measured: { width: DEFAULT_NODE_WIDTH, height: DEFAULT_NODE_HEIGHT },
        // Known handles too: React Flow renders every node that has none once, to measure it — at
        // 1,000 nodes that first render of all of them (then dropping the off-screen ones) was half
        // the time to open the canvas. These match the node component's two handles.
        handles: HANDLES,
        ariaLabel: `${own.name || own.id} (${own.type} node ${own.id})`,
        domAttributes: {
          "data-type": own.type,
          ...(live?.status ? { "data-status": live.status } : {}),
          ...(problem ? { "data-problem": problem } : {}),
          ...(highlight ? { "data-highlight": highlight } : {}),
          ...(simStatus ? { "data-sim-status": simStatus } : {}),
        } as WorkflowFlowNode["domAttributes"],
        data: {
          node: own,
          summary: nodeSummary(own),
          phaseColour: own.phase ? colours.get(own.phase) : undefined,
          status: live?.status,
          attempts: live?.attempts,
          problem,
          highlight,
          ...(simStatus ? { simStatus } : {}),
          ...(simWhy ? { simWhy } : {}),
        },
      };
      nextCache.set(own, flow);
      return flow;
    });
    cache = nextCache;
    const seen = new Map<string, number>();
    const nextEdges = new WeakMap<Edge, FlowEdge>();
    let edges: FlowEdge[] = template.edges.map((e) => {
      const pair = `${e.from}->${e.to}`;
      const repeat = (seen.get(pair) ?? 0) + 1;
      seen.set(pair, repeat);
      const id = edgeIdOf(e, repeat);
      const target = options.statuses?.[e.to]?.status;
      const simTarget = options.simulation?.statuses[e.to];
      const classes = [
        target === "skipped" || simTarget === "skipped" ? "edge-skipped" : "",
        options.edgeProblems?.has(id) ? "edge-problem" : "",
      ].filter(Boolean);
      const className = classes.length ? classes.join(" ") : undefined;
      const selected = options.selectedEdges?.has(id) ?? false;
      const animated = target === "running";
      // Same edge object and same marks: hand React Flow the same object, so it skips the edge.
      const previous = edgeCache.get(e);
      if (
        previous &&
        previous.id === id &&
        previous.selected === selected &&
        previous.animated === animated &&
        previous.className === className
      ) {
        nextEdges.set(e, previous);
        return previous;
      }
      const flow: FlowEdge = {
        id,
        source: e.from,
        target: e.to,
        label: e.label,
        selected,
        animated,
        className,
        ...(options.edgeType ? { type: options.edgeType } : {}),
      };
      nextEdges.set(e, flow);
      return flow;
    });
    edgeCache = nextEdges;
    // Every edge the same object as last time (a drag moves nodes, not edges): the same array, so
    // React Flow skips its pass over the edges.
    if (edges.length === lastEdges.length && edges.every((e, i) => e === lastEdges[i])) edges = lastEdges;
    else lastEdges = edges;
    if (!options.notes) return { nodes: [...groupFrames(nodes), ...nodes], edges };
    const nextNotes = new WeakMap<StickyNote, NoteFlowNode>();
    const notes = noteNodes(readNotes(template), options.notes.selected, options.dragging, noteCache, nextNotes);
    noteCache = nextNotes;
    return { nodes: [...groupFrames(nodes), ...notes, ...nodes], edges };
  };
}

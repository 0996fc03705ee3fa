/**
 * What the node creator's choice does (and the `+` on an edge, a dropped connection): each adds a
 * node — or a sticky note — as one undo step, on a free spot, connected where it was asked to be,
 * selected, and brought into view when it landed off screen. `visible` is the part of the canvas on
 * screen in flow coordinates; new things land inside it whenever they can.
 */
import { DEFAULT_NODE_WIDTH } from "@/lib/canvas/auto-layout";
import { freeSpot, occupiedBoxes, type Rect } from "@/lib/canvas/free-spot";
import { edgeEndsOf } from "@/lib/canvas/project-template";
import { connectNodes } from "@/lib/workflow/edit/connect-nodes";
import { insertNodeIntoEdge } from "@/lib/workflow/edit/insert-into-edge";
import { newNode } from "@/lib/workflow/edit/new-node";
import { addNote, DEFAULT_NOTE_SIZE } from "@/lib/workflow/edit/sticky-notes";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { addNode } from "./editor-commands";
import type { CreatorItem } from "./editor-creator";
import { centredAt, type CreatorRequest, type EditorStore, type XY } from "./editor-store";

/** A step to the right of a node: one node width and a gap (as auto-layout spaces ranks). */
const NEXT_X = DEFAULT_NODE_WIDTH + 80;

const centreOf = (r: Rect): XY => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

function withNode(t: Template, node: WorkflowNode): Template {
  return {
    ...t,
    nodes: [...t.nodes, node],
    checkpoints: node.type === "checkpoint" ? [...t.checkpoints, node.id] : t.checkpoints,
  };
}

/** Adds `node` (already placed) and runs `wire` on the result, as one undo step; selects and reveals it. */
function place(store: EditorStore, node: WorkflowNode, wire: (t: Template) => Template = (t) => t): boolean {
  const s = store.getState();
  const ok = s.edit((t) => wire(withNode(t, node)), { select: { nodes: [node.id], edges: [] } });
  if (ok) store.getState().reveal([node.id], false, "reveal");
  return ok;
}

/** Adds a node after `anchorId`, connected from it, on the free spot nearest its right. */
export function addNodeAfter(store: EditorStore, anchorId: string, item: CreatorItem): boolean {
  const { draft } = store.getState();
  const anchor = draft.nodes.find((n) => n.id === anchorId);
  if (!anchor?.position || !item.type) return false;
  const at = freeSpot(occupiedBoxes(draft), { x: anchor.position.x + NEXT_X, y: anchor.position.y }, { sideways: 8 });
  const node = newNode(item.type, draft, { position: at, executor: item.executor });
  return place(store, node, (t) => connectNodes(t, anchorId, node.id));
}

/** A dropped connection: the node goes where it was dropped and is connected from `from` (or into `to`). */
export function addNodeConnected(
  store: EditorStore,
  item: CreatorItem,
  request: Extract<CreatorRequest, { mode: "connect" }>,
  visible?: Rect,
): boolean {
  const { draft } = store.getState();
  if (!item.type) return false;
  const at = freeSpot(occupiedBoxes(draft), centredAt(request.at), { bounds: visible });
  const node = newNode(item.type, draft, { position: at, executor: item.executor });
  return place(store, node, (t) =>
    request.from ? connectNodes(t, request.from, node.id) : request.to ? connectNodes(t, node.id, request.to) : t,
  );
}

/** The `+` on an edge: the node goes into it, between its two ends. */
export function insertIntoEdge(store: EditorStore, edgeId: string, item: CreatorItem, visible?: Rect): boolean {
  const { draft } = store.getState();
  if (!item.type) return false;
  const { from, to } = edgeEndsOf(edgeId);
  const a = draft.nodes.find((n) => n.id === from)?.position;
  const b = draft.nodes.find((n) => n.id === to)?.position;
  const middle = a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : (a ?? b ?? { x: 0, y: 0 });
  const at = freeSpot(occupiedBoxes(draft), middle, { bounds: visible, sideways: 0.5 });
  const node = newNode(item.type, draft, { position: at, executor: item.executor });
  const s = store.getState();
  const ok = s.edit((t) => insertNodeIntoEdge(t, { from, to }, node), { select: { nodes: [node.id], edges: [] } });
  if (ok) store.getState().reveal([node.id], false, "reveal");
  return ok;
}

/** A sticky note: beside the selected node (and attached to it), else at the centre of the view. */
export function addStickyNote(store: EditorStore, visible?: Rect): boolean {
  const s = store.getState();
  const anchorId = s.selection.nodes.length === 1 ? s.selection.nodes[0] : undefined;
  const anchor = anchorId ? s.draft.nodes.find((n) => n.id === anchorId)?.position : undefined;
  const preferred = anchor
    ? { x: anchor.x, y: anchor.y - DEFAULT_NOTE_SIZE.height - 24 }
    : (() => {
        const c = visible ? centreOf(visible) : { x: 0, y: 0 };
        return { x: c.x - DEFAULT_NOTE_SIZE.width / 2, y: c.y - DEFAULT_NOTE_SIZE.height / 2 };
      })();
  const at = freeSpot(occupiedBoxes(s.draft), preferred, { bounds: visible, size: DEFAULT_NOTE_SIZE });
  let id = "";
  const ok = s.edit((t) => {
    const added = addNote(t, { position: at, node: anchorId, text: "" });
    id = added.id;
    return added.template;
  });
  if (ok) store.getState().selectNotes([id]);
  return ok;
}

/** Carries out the creator's choice for the request that opened it, then closes it. */
export function chooseCreatorItem(store: EditorStore, item: CreatorItem, visible?: Rect): boolean {
  const s = store.getState();
  const request = s.creator ?? { mode: "add" };
  s.closeCreator();
  if (item.kind === "note") return addStickyNote(store, visible);
  if (request.mode === "connect") return addNodeConnected(store, item, request, visible);
  if (request.mode === "edge") return insertIntoEdge(store, request.edge, item, visible);
  const anchor = s.selection.nodes.length === 1 ? s.selection.nodes[0] : undefined;
  if (anchor && addNodeAfter(store, anchor, item)) return true;
  if (!item.type) return false;
  const id = addNode(store, item.type, visible ? centreOf(visible) : { x: 0, y: 0 }, item.executor, visible);
  store.getState().reveal([id], false, "reveal");
  return true;
}

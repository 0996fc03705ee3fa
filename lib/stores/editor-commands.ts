/**
 * The editor's commands: each reads the store, calls one pure function of lib/workflow or
 * lib/canvas through `edit` (one undo step) and says what happened. The toolbar, node menu,
 * keyboard shortcuts and palette all call these, so they behave the same from everywhere.
 */
import { autoLayout, type LayoutDirection } from "@/lib/canvas/auto-layout";
import { edgeEndsOf } from "@/lib/canvas/project-template";
import { copyNodes, parseClipboardText, pasteNodes } from "@/lib/workflow/edit/clipboard-nodes";
import { connectionRefusal, connectNodes } from "@/lib/workflow/edit/connect-nodes";
import { deleteElements } from "@/lib/workflow/edit/delete-elements";
import { injectCheckpoints, type InjectionReport } from "@/lib/workflow/checkpoints/inject-checkpoints";
import { insertNodeAfter } from "@/lib/workflow/edit/insert-node-after";
import { newNode } from "@/lib/workflow/edit/new-node";
import { removeNodes } from "@/lib/workflow/edit/remove-node";
import { notesFollowNodes, removeNotes } from "@/lib/workflow/edit/sticky-notes";
import type { NodeType } from "@/lib/workflow/model/template-schema";
import { freeSpot, occupiedBoxes, type Rect } from "@/lib/canvas/free-spot";
import { centredAt, type EditorStore, type XY } from "./editor-store";

/**
 * Adds a node of `type` centred on `point` (flow coordinates) and selects it. It takes the free spot
 * nearest there (a second palette click must not hide the first node), inside `visible` — the part
 * of the canvas on screen — when given.
 */
export function addNode(store: EditorStore, type: NodeType, point: XY, executor?: string, visible?: Rect): string {
  const s = store.getState();
  const at = freeSpot(occupiedBoxes(s.draft), centredAt(point), { bounds: visible });
  const node = newNode(type, s.draft, { position: at, executor });
  s.edit(
    (t) => ({
      ...t,
      nodes: [...t.nodes, node],
      // A checkpoint is also listed in checkpoints[] (the template schema keeps both, docs/model.md).
      checkpoints: type === "checkpoint" ? [...t.checkpoints, node.id] : t.checkpoints,
    }),
    { select: { nodes: [node.id], edges: [] } },
  );
  return node.id;
}

/** Connects two nodes, or says why not (cycle, duplicate, self). */
export function connect(store: EditorStore, from: string, to: string): boolean {
  return store.getState().edit((t) => connectNodes(t, from, to));
}

/** Whether the canvas may offer `from → to` while a connection is dragged. */
export function canConnect(store: EditorStore, from: string, to: string): boolean {
  return connectionRefusal(store.getState().draft, from, to) === null;
}

export function deleteSelection(store: EditorStore): void {
  const { selection, selectedNotes, edit, notify, selectNotes } = store.getState();
  if (selection.nodes.length === 0 && selection.edges.length === 0 && selectedNotes.length === 0)
    return notify("info", "Nothing selected.");
  edit((t) => removeNotes(deleteElements(t, selection.nodes, selection.edges.map(edgeEndsOf)), selectedNotes), {
    select: { nodes: [], edges: [] },
  });
  selectNotes([]);
}

/** Removes a node and wires its predecessors to its successors (the node menu's "remove", docs/ui.md). */
export function removeWithRewire(store: EditorStore, ids: string[]): void {
  store.getState().edit((t) => removeNodes(t, ids), { select: { nodes: [], edges: [] } });
}

/** Inserts a new node of `type` after `afterId`: A → X becomes A → new → X. */
export function insertAfter(store: EditorStore, afterId: string, type: NodeType): void {
  const s = store.getState();
  const after = s.draft.nodes.find((n) => n.id === afterId);
  const node = newNode(type, s.draft);
  s.edit(
    (t) => {
      // Make room: everything right of the anchor moves one step right.
      const x0 = after?.position?.x ?? 0;
      const shifted = {
        ...t,
        nodes: t.nodes.map((n) =>
          n.position && n.position.x > x0 ? { ...n, position: { x: n.position.x + 280, y: n.position.y } } : n,
        ),
      };
      const placed = after?.position ? { ...node, position: { x: after.position.x + 280, y: after.position.y } } : node;
      return insertNodeAfter(shifted, afterId, placed);
    },
    { select: { nodes: [node.id], edges: [] } },
  );
}

/** The selected nodes as clipboard text (template JSON), or null when nothing is selected. */
export function copySelection(store: EditorStore): string | null {
  const { draft, selection, notify } = store.getState();
  if (selection.nodes.length === 0) {
    notify("info", "Select nodes to copy.");
    return null;
  }
  notify("info", `Copied ${selection.nodes.length} node${selection.nodes.length === 1 ? "" : "s"}.`);
  return JSON.stringify(copyNodes(draft, selection.nodes), null, 2);
}

/** Pastes clipboard text; text that is not template JSON changes nothing and says so. */
export function pasteText(store: EditorStore, text: string, offset: XY = { x: 40, y: 40 }): boolean {
  const s = store.getState();
  const clip = parseClipboardText(text);
  if (!clip.ok) {
    s.notify("error", clip.message);
    return false;
  }
  const { template, ids } = pasteNodes(s.draft, clip.template, offset);
  const ok = s.edit(() => template, { select: { nodes: ids, edges: [] } });
  if (ok) s.notify("info", `Pasted ${ids.length} node${ids.length === 1 ? "" : "s"}.`);
  return ok;
}

export function duplicateSelection(store: EditorStore): void {
  const { draft, selection, notify } = store.getState();
  if (selection.nodes.length === 0) return notify("info", "Select nodes to duplicate.");
  const clip = copyNodes(draft, selection.nodes);
  const { template, ids } = pasteNodes(draft, clip);
  store.getState().edit(() => template, { select: { nodes: ids, edges: [] } });
}

export function selectAll(store: EditorStore): void {
  const { draft, select } = store.getState();
  select({ nodes: draft.nodes.map((n) => n.id), edges: [] });
}

/** Auto-layout (one undo step), then brings the selection — or everything — into view. */
export function layout(store: EditorStore, direction: LayoutDirection): void {
  const s = store.getState();
  // Sticky notes move with the node they sit beside.
  if (s.edit((t) => notesFollowNodes(t, autoLayout(t, { direction })))) s.reveal(s.selection.nodes);
}

/**
 * Runs checkpoint injection (one undo step) and opens its report — or, when no rule applies and
 * nothing changed, says so in a toast: a dialog with nothing to say would only block the canvas.
 */
export function injectCheckpointsInto(store: EditorStore): void {
  const s = store.getState();
  const { template, report } = injectCheckpoints(s.draft);
  if (!s.edit(() => template)) return;
  showInjection(store, report);
}

/** The injection report: a dialog when checkpoints were placed or replaced, a toast when none were. */
export function showInjection(store: EditorStore, report: InjectionReport): void {
  if (report.checkpoints.length === 0 && report.removed.length === 0)
    store.getState().notify("info", "Checkpoints: no rule applies, so none was injected.");
  else store.getState().showReport(report);
}

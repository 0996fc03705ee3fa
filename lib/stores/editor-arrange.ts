/** Align and distribute the selected nodes (one undo step each; a selection too small says why). */
import { alignNodes, distributeNodes, type Alignment, type DistributeAxis } from "@/lib/workflow/edit/align-nodes";
import { notesFollowNodes } from "@/lib/workflow/edit/sticky-notes";
import type { EditorStore } from "./editor-store";

export function alignSelection(store: EditorStore, how: Alignment): void {
  const { selection, edit } = store.getState();
  edit((t) => notesFollowNodes(t, alignNodes(t, selection.nodes, how)));
}

export function distributeSelection(store: EditorStore, axis: DistributeAxis): void {
  const { selection, edit } = store.getState();
  edit((t) => notesFollowNodes(t, distributeNodes(t, selection.nodes, axis)));
}

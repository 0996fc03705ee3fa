"use client";
/**
 * The editor's one toolbar row: history, layout, view, arrange, checkpoints, notes, the start
 * drawer, copy and paste, help (names per docs/ui.md). Short symbols carry their name as a label.
 * Ctrl/⌘ C and V do the same through the browser's clipboard events (nodes paste across tabs).
 */
import { useState } from "react";
import type { LayoutDirection } from "@/lib/canvas/auto-layout";
import { injectCheckpointsInto, layout } from "@/lib/stores/editor-commands";
import { ArrangeMenu } from "./arrange-menu";
import { useEditor, useEditorStore } from "./editor-provider";

export interface ToolbarActions {
  onFitView(): void;
  onZoomSelection(): void;
  onFind(): void;
  onNote(): void;
  onCopy(): void;
  onPaste(): void;
  onHelp(): void;
  startOpen: boolean;
  onToggleStart(): void;
}

export function EditorToolbar(props: ToolbarActions) {
  const store = useEditorStore();
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const selected = useEditor((s) => s.selection.nodes.length);
  const [direction, setDirection] = useState<LayoutDirection>("LR");
  return (
    <div role="toolbar" aria-label="Editor" className="toolbar">
      <button
        type="button"
        className="button"
        onClick={() => store.getState().undo()}
        disabled={!canUndo}
        title="Undo (Ctrl/⌘ Z)"
      >
        Undo
      </button>
      <button
        type="button"
        className="button"
        onClick={() => store.getState().redo()}
        disabled={!canRedo}
        title="Redo (Shift Ctrl/⌘ Z)"
      >
        Redo
      </button>
      <span className="toolbar-sep" />
      <button type="button" className="button" onClick={() => layout(store, direction)} title="Auto-layout (L)">
        Auto-layout
      </button>
      <select
        aria-label="Layout direction"
        title="Layout direction"
        value={direction}
        onChange={(e) => setDirection(e.target.value as LayoutDirection)}
      >
        <option value="LR">→</option>
        <option value="TB">↓</option>
      </select>
      <button
        type="button"
        className="button icon-button"
        onClick={props.onFitView}
        aria-label="Fit view"
        title="Fit view (F)"
      >
        <span aria-hidden>⤢</span>
      </button>
      <button
        type="button"
        className="button icon-button"
        onClick={props.onZoomSelection}
        disabled={selected === 0}
        aria-label="Zoom to selection"
        title="Zoom to selection (Shift F)"
      >
        <span aria-hidden>⊙</span>
      </button>
      <button
        type="button"
        className="button icon-button"
        onClick={props.onFind}
        aria-label="Find"
        title="Find a node (Ctrl/⌘ F)"
      >
        <span aria-hidden>⌕</span>
      </button>
      <ArrangeMenu selected={selected} />
      <span className="toolbar-sep" />
      <button type="button" className="button" onClick={() => injectCheckpointsInto(store)}>
        Inject checkpoints
      </button>
      <button
        type="button"
        className="button icon-button"
        onClick={props.onNote}
        aria-label="Add a sticky note"
        title="Add a sticky note (Shift N)"
      >
        <span aria-hidden>✎</span>
      </button>
      <span className="toolbar-sep" />
      <button
        type="button"
        className="button"
        aria-expanded={props.startOpen}
        aria-controls={props.startOpen ? "start-drawer" : undefined}
        onClick={props.onToggleStart}
        title="Describe the workflow in a sentence, or import Mermaid, a YAML playbook or template JSON"
      >
        From text…
      </button>
      <span className="toolbar-sep" />
      <button
        type="button"
        className="button"
        onClick={props.onCopy}
        title="Copy the selection as template JSON (Ctrl/⌘ C)"
      >
        Copy
      </button>
      <button type="button" className="button" onClick={props.onPaste} title="Paste nodes (Ctrl/⌘ V)">
        Paste
      </button>
      <button
        type="button"
        className="button icon-button"
        onClick={props.onHelp}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
      >
        ?
      </button>
    </div>
  );
}

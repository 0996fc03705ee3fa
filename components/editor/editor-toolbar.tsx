"use client";
/** The editor's toolbar: history, layout, view, checkpoints, clipboard, help (names per docs/ui.md). */
import { useState } from "react";
import type { LayoutDirection } from "@/lib/canvas/auto-layout";
import { injectCheckpointsInto, layout } from "@/lib/stores/editor-commands";
import { useEditor, useEditorStore } from "./editor-provider";

export function EditorToolbar(props: {
  onFitView: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onHelp: () => void;
}) {
  const store = useEditorStore();
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
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
        value={direction}
        onChange={(e) => setDirection(e.target.value as LayoutDirection)}
      >
        <option value="LR">left to right</option>
        <option value="TB">top to bottom</option>
      </select>
      <button type="button" className="button" onClick={props.onFitView} title="Fit view (F)">
        Fit view
      </button>
      <span className="toolbar-sep" />
      <button type="button" className="button" onClick={() => injectCheckpointsInto(store)}>
        Inject checkpoints
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
        className="button push-right"
        onClick={props.onHelp}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
      >
        ?
      </button>
    </div>
  );
}

"use client";
/**
 * A node's menu on the editor canvas: the pipeline edits of docs/ui.md (insert after, remove with re-wiring)
 * and more, with "What if this fails?" (a simulation of its failure: what its policy would skip). The list is portalled to the page and placed under the button, so no neighbouring node
 * (React Flow stacks selected nodes higher) can cover it; it closes on Escape, outside clicks and scroll.
 */
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { deleteSelection, duplicateSelection, insertAfter, removeWithRewire } from "@/lib/stores/editor-commands";
import type { EditorStore } from "@/lib/stores/editor-store";
import { NODE_TYPES, type NodeType } from "@/lib/workflow/model/template-schema";
import { useEditorStore } from "./editor-provider";

/** Drawn in each canvas node of the editor (through components/canvas/node-menu-slot.tsx). */
export function NodeMenu({ nodeId }: { nodeId: string }) {
  const store = useEditorStore();
  const [at, setAt] = useState<{ top: number; right: number } | null>(null);
  const open = at !== null;
  const list = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e.type === "keydown" && (e as KeyboardEvent).key !== "Escape") return;
      // React listens on the document too, so the button's own stopPropagation cannot keep its
      // mousedown from reaching this listener: ignore the menu and its button here.
      const target = e.target as Node;
      if (e.type === "mousedown" && (list.current?.contains(target) || root.current?.contains(target))) return;
      setAt(null);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    document.addEventListener("wheel", close, { passive: true });
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
      document.removeEventListener("wheel", close);
    };
  }, [open]);
  const [insertType, setInsertType] = useState<NodeType>("shell");
  const run = (fn: () => void) => () => {
    setAt(null);
    fn();
  };
  const onThisNode = (command: (s: EditorStore) => void) => () => {
    store.getState().select({ nodes: [nodeId], edges: [] });
    command(store);
  };
  const actions: [string, () => void][] = [
    ["Remove and rewire", () => removeWithRewire(store, [nodeId])],
    ["Duplicate", onThisNode(duplicateSelection)],
    ["Delete", onThisNode(deleteSelection)],
    ["What if this fails?", () => store.getState().askWhatIf(nodeId)],
  ];
  return (
    <span className="node-menu nodrag nopan" ref={root}>
      <button
        type="button"
        className="node-menu-button"
        aria-label={`Menu of ${nodeId}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onMouseDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          const box = e.currentTarget.getBoundingClientRect();
          setAt(open ? null : { top: box.bottom + 2, right: window.innerWidth - box.right });
        }}
      >
        ⋯
      </button>
      {at &&
        createPortal(
          <div
            ref={list}
            role="menu"
            className="node-menu-list"
            style={{ top: at.top, right: at.right }}
            aria-label={`Actions for ${nodeId}`}
            onClick={(e) => e.stopPropagation()}
          >
            <div className="node-menu-row">
              <button role="menuitem" type="button" onClick={run(() => insertAfter(store, nodeId, insertType))}>
                Insert after
              </button>
              <select
                aria-label="Type to insert"
                value={insertType}
                onChange={(e) => setInsertType(e.target.value as NodeType)}
              >
                {NODE_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </div>
            {actions.map(([label, perform]) => (
              <button key={label} role="menuitem" type="button" onClick={run(perform)}>
                {label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </span>
  );
}

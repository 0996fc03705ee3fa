"use client";
/** A node's menu on the editor canvas: the seed's Phase 4 edits (insert after, remove with re-wiring) and more. */
import { useEffect, useRef, useState } from "react";
import { deleteSelection, duplicateSelection, insertAfter, removeWithRewire } from "@/lib/stores/editor-commands";
import type { EditorStore } from "@/lib/stores/editor-store";
import { NODE_TYPES, type NodeType } from "@/lib/workflow/template-schema";

export function NodeMenu({ store, nodeId }: { store: EditorStore; nodeId: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Raise the open menu's node above its neighbours (React Flow owns the node element's z-index).
    const node = root.current?.closest(".react-flow__node");
    node?.classList.toggle("node-menu-open", open);
  }, [open]);
  const [insertType, setInsertType] = useState<NodeType>("shell");
  const run = (fn: () => void) => () => {
    setOpen(false);
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
  ];
  return (
    <span className="node-menu nodrag nopan" ref={root}>
      <button
        type="button"
        className="node-menu-button"
        aria-label={`Menu of ${nodeId}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(!open);
        }}
      >
        ⋯
      </button>
      {open && (
        <div
          role="menu"
          className="node-menu-list"
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
        </div>
      )}
    </span>
  );
}

"use client";
/** Align and distribute the selected nodes: a small menu in the toolbar (lib/workflow/edit/align-nodes). */
import { useEffect, useRef, useState } from "react";
import { alignSelection, distributeSelection } from "@/lib/stores/editor-arrange";
import type { Alignment, DistributeAxis } from "@/lib/workflow/edit/align-nodes";
import { useEditorStore } from "./editor-provider";

const ALIGN: [Alignment, string][] = [
  ["left", "Align left edges"],
  ["centre", "Align centres (vertical line)"],
  ["right", "Align right edges"],
  ["top", "Align top edges"],
  ["middle", "Align middles (horizontal line)"],
  ["bottom", "Align bottom edges"],
];
const DISTRIBUTE: [DistributeAxis, string][] = [
  ["horizontal", "Distribute horizontally"],
  ["vertical", "Distribute vertically"],
];

export function ArrangeMenu({ selected }: { selected: number }) {
  const store = useEditorStore();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== "Escape") return;
      if (e.type === "mousedown" && root.current?.contains(e.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  const run = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };
  return (
    <div className="menu-anchor" ref={root}>
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={selected < 2}
        title={selected < 2 ? "Select two or more nodes to align them" : "Align or distribute the selection"}
        onClick={() => setOpen(!open)}
      >
        Arrange ▾
      </button>
      {open && (
        <div role="menu" className="node-menu-list menu-below" aria-label="Arrange">
          {ALIGN.map(([how, label]) => (
            <button key={how} role="menuitem" type="button" onClick={run(() => alignSelection(store, how))}>
              {label}
            </button>
          ))}
          {DISTRIBUTE.map(([axis, label]) => (
            <button
              key={axis}
              role="menuitem"
              type="button"
              disabled={selected < 3}
              onClick={run(() => distributeSelection(store, axis))}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

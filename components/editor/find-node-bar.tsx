"use client";
/**
 * Find a node (Ctrl/⌘ F): by id or name; Enter selects the next match and centres it on the canvas,
 * at once and at the current zoom. The view moves in the same event as the selection, so React draws
 * both in one pass (through the store's focus request, the selection was drawn first and the move
 * after it: two passes over the canvas, ~1.5× the time at 1,000 nodes; docs/benchmarks.md).
 */
import { useReactFlow } from "@xyflow/react";
import { useMemo, useRef, useState, useLayoutEffect } from "react";
import { DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "@/lib/canvas/auto-layout";
import { findNodes } from "@/lib/canvas/find-nodes";
import { MAX_QUERY } from "@/lib/stores/editor-creator";
import { useEditor, useEditorStore } from "./editor-provider";

export function FindNodeBar({ onClose }: { onClose: () => void }) {
  const store = useEditorStore();
  const flow = useReactFlow();
  const nodes = useEditor((s) => s.draft.nodes);
  const [query, setQuery] = useState("");
  const [at, setAt] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => findNodes({ nodes }, query), [nodes, query]);
  useLayoutEffect(() => input.current?.focus(), []);
  const go = (step: number) => {
    if (matches.length === 0) return;
    const next = (at + step + matches.length) % matches.length;
    setAt(next);
    const { id } = matches[next];
    const p = nodes.find((n) => n.id === id)?.position;
    if (p) void flow.setCenter(p.x + DEFAULT_NODE_WIDTH / 2, p.y + DEFAULT_NODE_HEIGHT / 2, { zoom: flow.getZoom() });
    store.getState().select({ nodes: [id], edges: [] });
  };
  const status =
    query.trim() === ""
      ? "Type an id or a name"
      : matches.length === 0
        ? "No node matches"
        : `${at >= 0 ? `${at + 1} of ` : ""}${matches.length}${matches.length === 20 ? "+" : ""} found`;
  return (
    <div className="find-bar" role="search" aria-label="Find a node on the canvas">
      <input
        ref={input}
        aria-label="Find a node"
        maxLength={MAX_QUERY}
        placeholder="Find a node by id or name"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setAt(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") go(e.shiftKey ? -1 : 1);
          else if (e.key === "Escape") onClose();
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      <span className="small muted" role="status">
        {status}
      </span>
      <button type="button" className="button icon-button" aria-label="Close find" onClick={onClose}>
        <span aria-hidden>×</span>
      </button>
    </div>
  );
}

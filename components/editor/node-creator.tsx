"use client";
/**
 * The node creator (Tab or `/`, a connection dropped on empty canvas, the `+` on an edge): a search
 * box over the node types, the executor catalog and a sticky note. Arrow keys pick, Enter adds
 * (lib/stores/editor-placement decides where and what it connects), Escape closes.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Rect } from "@/lib/canvas/free-spot";
import { creatorItems, MAX_QUERY, searchCreator, type CreatorItem } from "@/lib/stores/editor-creator";
import { chooseCreatorItem } from "@/lib/stores/editor-placement";
import type { CatalogEntry } from "./node-palette";
import { TYPE_ICONS } from "@/components/canvas/node-type-icons";
import { useEditor, useEditorStore } from "./editor-provider";

function title(request: NonNullable<ReturnType<typeof useCreatorRequest>>, anchor: string | undefined): string {
  if (request.mode === "edge") return "Insert a node into this edge";
  if (request.mode === "connect")
    return request.from ? `Add a node after ${request.from}` : `Add a node before ${request.to}`;
  return anchor ? `Add a node after ${anchor}` : "Add a node";
}

const useCreatorRequest = () => useEditor((s) => s.creator);

export function NodeCreator({
  catalog,
  visible,
  onClosed,
}: {
  catalog: readonly CatalogEntry[];
  /** The part of the canvas on screen, in flow coordinates. */
  visible: () => Rect | undefined;
  /** Focus goes back to the canvas. */
  onClosed: () => void;
}) {
  const store = useEditorStore();
  const request = useCreatorRequest();
  const anchor = useEditor((s) => (s.selection.nodes.length === 1 ? s.selection.nodes[0] : undefined));
  const items = useMemo(() => creatorItems(catalog), [catalog]);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const matches = useMemo(() => searchCreator(items, query), [items, query]);
  const current = matches[Math.min(active, matches.length - 1)];
  useLayoutEffect(() => {
    if (!request) return;
    setQuery("");
    setActive(0);
    input.current?.focus();
  }, [request]);
  if (!request) return null;

  const close = () => {
    store.getState().closeCreator();
    onClosed();
  };
  const choose = (item: CreatorItem | undefined) => {
    if (!item) return;
    chooseCreatorItem(store, item, visible());
    onClosed();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") setActive((a) => Math.min(matches.length - 1, a + 1));
    else if (e.key === "ArrowUp") setActive((a) => Math.max(0, a - 1));
    else if (e.key === "Enter") choose(current);
    else if (e.key === "Escape" || (e.key === "Tab" && !e.shiftKey && matches.length === 0)) close();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const optionId = (item: CreatorItem) => `${listId}-${item.key.replace(/[^\w-]/g, "_")}`;
  return (
    <div
      className="node-creator"
      role="dialog"
      aria-label="Add a node"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) store.getState().closeCreator();
      }}
    >
      <p className="node-creator-title">{title(request, anchor)}</p>
      <input
        ref={input}
        className="node-creator-input"
        role="combobox"
        aria-label="Search node types"
        aria-expanded
        aria-controls={matches.length ? listId : undefined}
        aria-activedescendant={current ? optionId(current) : undefined}
        aria-autocomplete="list"
        maxLength={MAX_QUERY}
        placeholder="Type to search: shell, agent, gate, a catalog entry, note…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {matches.length === 0 ? (
        <p className="muted small node-creator-empty" role="status">
          Nothing matches “{query.length > 40 ? `${query.slice(0, 40)}…` : query}”. Try a type such as shell, agent or
          gate.
        </p>
      ) : (
        <ul className="node-creator-list" role="listbox" id={listId} aria-label="Node types">
          {matches.map((item, i) => (
            <li
              key={item.key}
              id={optionId(item)}
              role="option"
              aria-selected={item === current}
              className="node-creator-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(item)}
            >
              <span className={`palette-icon wf-type-${item.type ?? "note"}`} aria-hidden>
                {item.type ? TYPE_ICONS[item.type] : "✎"}
              </span>
              <span className="palette-name">{item.label}</span>
              <span className="palette-help">{item.help}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

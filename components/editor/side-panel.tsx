"use client";
/**
 * A side panel of the workspace (palette on the left, inspector on the right): collapsible,
 * resizable by dragging — or with the arrow keys on — its inner edge, scrolling on its own. Width
 * and collapsed state are kept in this browser per panel.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

interface PanelState {
  width: number;
  collapsed: boolean;
}

const KEY = (id: string) => `wf-panel:${id}`;

function readState(id: string, fallback: PanelState, min: number, max: number): PanelState {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY(id)) ?? "null") as Partial<PanelState> | null;
    if (!raw) return fallback;
    const width = typeof raw.width === "number" ? Math.min(max, Math.max(min, raw.width)) : fallback.width;
    return { width, collapsed: raw.collapsed === true };
  } catch {
    return fallback;
  }
}

export function SidePanel(props: {
  id: string;
  side: "left" | "right";
  /** What the panel holds, for the collapse button and the separator ("palette", "side panel"). */
  title: string;
  defaultWidth: number;
  min: number;
  max: number;
  children: ReactNode;
}) {
  const { id, side, title, min, max } = props;
  const [state, setState] = useState<PanelState>(() =>
    readState(id, { width: props.defaultWidth, collapsed: false }, min, max),
  );
  useEffect(() => {
    try {
      localStorage.setItem(KEY(id), JSON.stringify(state));
    } catch {
      // A browser that refuses storage keeps the panel as it is for this visit.
    }
  }, [id, state]);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const clamp = useCallback((w: number) => Math.round(Math.min(max, Math.max(min, w))), [min, max]);
  const onPointerDown = (e: React.PointerEvent) => {
    drag.current = { x: e.clientX, width: state.width };
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    setState((s) => ({ ...s, width: clamp(drag.current!.width + (side === "left" ? dx : -dx)) }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? 48 : 16;
    const grow = side === "left" ? "ArrowRight" : "ArrowLeft";
    const shrink = side === "left" ? "ArrowLeft" : "ArrowRight";
    if (e.key === grow) setState((s) => ({ ...s, width: clamp(s.width + step) }));
    else if (e.key === shrink) setState((s) => ({ ...s, width: clamp(s.width - step) }));
    else return;
    e.preventDefault();
  };
  const toggle = (
    <button
      type="button"
      className="panel-toggle"
      aria-expanded={!state.collapsed}
      aria-controls={`panel-${id}`}
      aria-label={state.collapsed ? `Expand the ${title}` : `Collapse the ${title}`}
      title={state.collapsed ? `Expand the ${title}` : `Collapse the ${title}`}
      onClick={() => setState((s) => ({ ...s, collapsed: !s.collapsed }))}
    >
      <span aria-hidden>{(side === "left") === state.collapsed ? "»" : "«"}</span>
    </button>
  );
  if (state.collapsed)
    return (
      <div className={`side-panel side-panel-${side} side-panel-collapsed`} id={`panel-${id}`}>
        {toggle}
      </div>
    );
  return (
    <div className={`side-panel side-panel-${side}`} style={{ width: state.width }} id={`panel-${id}`}>
      <div className="side-panel-toggle-slot">{toggle}</div>
      <div className="side-panel-body">{props.children}</div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize the ${title}`}
        aria-valuenow={state.width}
        aria-valuemin={min}
        aria-valuemax={max}
        tabIndex={0}
        className="side-panel-resizer"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

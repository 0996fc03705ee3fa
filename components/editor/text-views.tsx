"use client";
/** Tabs named per docs/ui.md: Canvas, Mermaid (rendered + editable source), YAML, JSON, ASCII. */
import { lazy, Suspense, type ReactNode } from "react";

// Loaded when a text tab is first opened (the exporters and yaml are not needed to draw the canvas).
const TextViewPanel = lazy(() => import("./text-view-panels"));

export const VIEW_TABS = ["canvas", "mermaid", "yaml", "json", "ascii"] as const;
export type ViewTab = (typeof VIEW_TABS)[number];
const TAB_LABELS: Record<ViewTab, string> = {
  canvas: "Canvas",
  mermaid: "Mermaid",
  yaml: "YAML",
  json: "JSON",
  ascii: "ASCII",
};
export function TextViews({
  tab,
  onTab,
  children,
}: {
  tab: ViewTab;
  onTab: (t: ViewTab) => void;
  children: ReactNode;
}) {
  // The tab list sits in the workspace's bottom bar, beside the Problems count (CSS places it there),
  // so the canvas keeps the height a tab row would take.
  return (
    <div className="text-views">
      <div role="tabpanel" className="tab-panel" aria-label={TAB_LABELS[tab]} id="view-panel">
        {tab === "canvas" ? (
          children
        ) : (
          <Suspense fallback={<p className="muted small">Loading…</p>}>
            <TextViewPanel tab={tab} />
          </Suspense>
        )}
      </div>
      <div role="tablist" aria-label="Views" className="tabs view-tabs">
        {VIEW_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="view-panel"
            className="tab"
            onClick={() => onTab(t)}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
    </div>
  );
}

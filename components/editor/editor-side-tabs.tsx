"use client";
/**
 * The workspace's right-hand panel: the Inspector, and on a saved template its Runs (newest first,
 * live; one chosen colours the canvas) and its Versions; after Simulate, the Simulation. Selecting something on the canvas brings
 * the Inspector forward, unless a run is being looked at (then the node's log shows in Runs).
 * The panel itself carries no tabpanel role: the page's one tabpanel is the view (Canvas, Mermaid…).
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useEditor } from "./editor-provider";
import { Inspector } from "./inspector";
import { TemplateRuns } from "./template-runs";

export type SideTab = "inspector" | "runs" | "versions" | "simulation";

export function EditorSideTabs({
  tab,
  onTab,
  templateId,
  versions,
  simulation,
}: {
  tab: SideTab;
  onTab: (t: SideTab) => void;
  templateId: string | null;
  versions?: ReactNode;
  /** The Simulation region, while a simulation is open. */
  simulation?: ReactNode;
}) {
  const selection = useEditor((s) => s.selection);
  const watchingRun = useEditor((s) => s.runStatuses !== null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A simulation stays in view while the person looks at the nodes it predicts.
    if (!(tab === "runs" && watchingRun) && tab !== "simulation") onTab("inspector");
    // Only a new selection switches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);
  const tabs: [SideTab, string][] = [
    ["inspector", "Inspector"],
    ...(templateId ? ([["runs", "Runs"]] as [SideTab, string][]) : []),
    ...(versions ? ([["versions", "Versions"]] as [SideTab, string][]) : []),
    ...(simulation ? ([["simulation", "Simulation"]] as [SideTab, string][]) : []),
  ];
  return (
    <div className="side-tabs">
      {tabs.length > 1 && (
        <div role="tablist" aria-label="Side panel" className="tabs side-tab-list">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`side-tab-${key}`}
              aria-selected={tab === key}
              aria-controls={tab === key ? `side-panel-${key}` : undefined}
              className="tab"
              onClick={() => onTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      <div className="side-tab-panel" id={`side-panel-${tab}`}>
        {tab === "runs" && templateId ? (
          <TemplateRuns templateId={templateId} />
        ) : tab === "versions" && versions ? (
          versions
        ) : tab === "simulation" && simulation ? (
          simulation
        ) : (
          <Inspector />
        )}
      </div>
    </div>
  );
}

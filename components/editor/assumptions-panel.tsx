"use client";
/** What describe assumed about the description, over the canvas's top-right corner until dismissed. */
import { Panel } from "@xyflow/react";
import { useEditor, useEditorStore } from "./editor-provider";

export function AssumptionsPanel() {
  const store = useEditorStore();
  const assumptions = useEditor((s) => s.assumptions);
  if (!assumptions?.length) return null;
  return (
    <Panel position="top-right" className="assumptions-panel">
      <div className="title-row">
        <h3 className="panel-subtitle">Assumptions</h3>
        <button
          type="button"
          className="link-button push-right"
          aria-label="Dismiss the assumptions"
          onClick={() => store.getState().setAssumptions(null)}
        >
          ×
        </button>
      </div>
      <ul className="assumptions" aria-label="Assumptions">
        {assumptions.map((a, i) => (
          <li key={i}>{a}</li>
        ))}
      </ul>
    </Panel>
  );
}

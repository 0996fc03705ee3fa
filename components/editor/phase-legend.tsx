"use client";
/** The phases of the workflow and their colours (each node carries its phase's colour on its left edge). */
import { Panel } from "@xyflow/react";
import { useMemo } from "react";
import { phaseColours } from "@/lib/canvas/phase-colour";
import { useEditor } from "./editor-provider";

export function PhaseLegend() {
  const phases = useEditor((s) => s.draft.phases);
  const nodes = useEditor((s) => s.draft.nodes);
  const colours = useMemo(() => [...phaseColours({ phases, nodes })], [phases, nodes]);
  if (colours.length === 0) return null;
  return (
    <Panel position="top-left" className="phase-legend" aria-label="Phases">
      {colours.map(([name, colour]) => (
        <span key={name} className="phase-chip">
          <span className="phase-swatch" style={{ background: colour }} aria-hidden />
          {name}
        </span>
      ))}
    </Panel>
  );
}

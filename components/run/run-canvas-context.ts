"use client";
/** What the run canvas's nodes read beside their flow data: the run as shown (live or replayed). */
import { createContext, useContext } from "react";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { RunPlan } from "@/lib/workflow/run/run-plan";

export interface RunCanvasView {
  state: RunState;
  plan: RunPlan;
  /** The moment shown: now while live, the replayed event's time in a replay. */
  now?: number;
}

export const RunCanvasContext = createContext<RunCanvasView | null>(null);

export function useRunCanvasView(): RunCanvasView | null {
  return useContext(RunCanvasContext);
}

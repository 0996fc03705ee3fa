"use client";
/**
 * What the run canvas's nodes and edges read beside their (static) flow objects: the run as shown,
 * live or replayed, in a small store. Each node and edge selects its own status, so a status
 * change re-renders that node and the edges into it — never React Flow's 1,000-node arrays.
 */
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { StatusById } from "@/lib/canvas/project-template";
import type { RunPlan } from "@/lib/workflow/run/run-plan";
import type { RunState } from "@/lib/workflow/run/run-state";

export interface RunCanvasView {
  state: RunState;
  plan: RunPlan;
  /** Status per template node (a loop: its most advanced iteration). */
  statuses: StatusById;
  /** The moment shown: undefined while live (now), the replayed event's time in a replay. */
  now?: number;
  /** While compared with another run: per template node, the fields that differ (empty: the same). */
  compare?: Readonly<Record<string, readonly string[]>>;
}

export type RunCanvasStore = StoreApi<RunCanvasView>;

export function createRunCanvasStore(view: RunCanvasView): RunCanvasStore {
  return createStore<RunCanvasView>()(() => view);
}

export const RunCanvasContext = createContext<RunCanvasStore | null>(null);

export function useRunCanvas<T>(select: (v: RunCanvasView) => T): T {
  const store = useContext(RunCanvasContext);
  if (!store) throw new Error("useRunCanvas outside RunCanvas");
  return useStore(store, select);
}

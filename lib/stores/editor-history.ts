/**
 * Undo/redo as snapshots of the pure model: every edit returns a new template that shares what it
 * did not change, so a snapshot costs one array slot. Consecutive edits with the same coalesce key
 * (typing into one inspector field) are one undo step; anything else starts a new step.
 */
import type { Template } from "@/lib/workflow/model/template-schema";

export const HISTORY_LIMIT = 200;

export interface History {
  past: Template[];
  future: Template[];
  /** The key of the last recorded edit, while consecutive edits may merge into it. */
  coalesce: string | null;
}

export const emptyHistory = (): History => ({ past: [], future: [], coalesce: null });

/** Records that `current` is being replaced by an edit. */
export function recordEdit(history: History, current: Template, coalesce: string | null = null): History {
  if (coalesce !== null && coalesce === history.coalesce && history.past.length > 0)
    return { past: history.past, future: [], coalesce };
  const past = history.past.length >= HISTORY_LIMIT ? history.past.slice(1) : history.past.slice();
  past.push(current);
  return { past, future: [], coalesce };
}

/** The template to go back to and the history after it, or null when there is nothing to undo. */
export function undoStep(history: History, current: Template): { template: Template; history: History } | null {
  if (history.past.length === 0) return null;
  const past = history.past.slice(0, -1);
  return {
    template: history.past[history.past.length - 1],
    history: { past, future: [current, ...history.future], coalesce: null },
  };
}

export function redoStep(history: History, current: Template): { template: Template; history: History } | null {
  if (history.future.length === 0) return null;
  const [next, ...future] = history.future;
  return { template: next, history: { past: [...history.past, current], future, coalesce: null } };
}

"use client";
/**
 * The run's history from its events: every decision a person made (who, when, what, comment —
 * each vote of an approval that needs several), approvals that timed out, and what the run did
 * that a person should see (gate routes, skips, re-runs, retries, cancel, the end). Built from the
 * events, so a replay shows the history up to its moment.
 */
import { memo } from "react";
import type { AppliedEvent } from "@/lib/stores/run-store";

function eventNote(e: AppliedEvent["event"]): string | undefined {
  switch (e.type) {
    case "decision.given":
      return `${e.decision} on ${e.nodeId} by ${e.by ?? "someone"}${e.answer ? ` (answer: ${e.answer})` : ""}${e.comment ? ` — “${e.comment}”` : ""}`;
    case "approval.timed-out":
      return `${e.nodeId}: the approval timed out`;
    case "gate.routed":
      return `${e.nodeId}: value "${e.decision.value}" → ${e.decision.label ?? "no matching branch"}`;
    case "node.skipped":
      return e.reason === "fallback-unused"
        ? undefined
        : `${e.nodeId} skipped (${e.reason}${e.cause ? `: ${e.cause}` : ""})`;
    case "run.rerun":
      return `re-run from ${e.nodeId}`;
    case "run.retry-failed":
      return "retry of the failed nodes";
    case "run.cancelled":
      return `cancelled${e.reason ? `: ${e.reason}` : ""}`;
    case "run.finished":
      return `run ${e.status}${e.error ? `: ${e.error}` : ""}`;
    default:
      return undefined;
  }
}

/** Notes kept on screen (a long run keeps its newest). */
const SHOWN = 200;

interface Note {
  id: number;
  at: number;
  text: string;
  decision?: string;
}

/** Notes per events array, extended by the events appended since (never recomputed from the start). */
const cache = new WeakMap<readonly AppliedEvent[], { seen: number; notes: Note[] }>();

function notesOf(events: readonly AppliedEvent[]): Note[] {
  let c = cache.get(events);
  if (!c || c.seen > events.length) cache.set(events, (c = { seen: 0, notes: [] }));
  for (; c.seen < events.length; c.seen++) {
    const { id, event } = events[c.seen];
    const text = eventNote(event);
    if (text)
      c.notes.push({ id, at: event.at, text, decision: event.type === "decision.given" ? event.nodeId : undefined });
  }
  return c.notes;
}

/** `version` (in the props, so memo re-renders) stands for appends to `events`, which grows in place. */
export const RunHistory = memo(function RunHistory(props: { events: readonly AppliedEvent[]; version: number }) {
  const notes = notesOf(props.events);
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="run-history-heading">
      <h2 id="run-history-heading">History</h2>
      <ul className="notes" data-testid="run-history">
        {notes.slice(-SHOWN).map((n) => (
          <li
            key={n.id}
            className={n.decision ? "history-decision" : "muted"}
            data-testid={n.decision ? `decision-${n.decision}` : undefined}
          >
            {new Date(n.at).toLocaleString()} · {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
});

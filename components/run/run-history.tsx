"use client";
/**
 * The run's history: every decision a person made on it (who, when, comment; each vote of an
 * approval that needs several) from its approvals, and what the run itself did that a person should
 * see (gate routes, skips, re-runs, retries, cancel) from its events.
 */
import { useQuery } from "@tanstack/react-query";
import type { AppliedEvent } from "@/lib/stores/run-store";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { useTRPC } from "@/lib/trpc/client";

type ApprovalItem = RouterOutputs["approval"]["list"]["items"][number];
interface Vote {
  by?: string | null;
  decision: string;
  comment?: string | null;
  answer?: string | null;
  at?: number | null;
}

/** The votes of an approval, or its one decision when the server keeps no votes. */
function votesOf(a: ApprovalItem): Vote[] {
  const votes = (a as { votes?: Vote[] }).votes;
  if (votes?.length) return votes;
  if (!a.decision) return [];
  return [{ by: a.decidedBy, decision: a.decision, comment: a.comment, answer: a.answer, at: a.decidedAt }];
}

function eventNote(e: AppliedEvent["event"]): string | undefined {
  switch (e.type) {
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

export function RunHistory(props: { runId: string; events: readonly AppliedEvent[]; version: number }) {
  const trpc = useTRPC();
  const approvals = useQuery(trpc.approval.list.queryOptions({ runId: props.runId }));
  const decided = (approvals.data?.items ?? []).filter((a) => a.status !== "pending" || votesOf(a).length > 0);
  const notes = props.events.flatMap(({ id, event }) => {
    const text = eventNote(event);
    return text ? [{ id, at: event.at, text }] : [];
  });
  if (decided.length === 0 && notes.length === 0) return null;
  return (
    <section aria-labelledby="run-history-heading">
      <h2 id="run-history-heading">History</h2>
      <ul className="notes" data-testid="run-history">
        {decided.flatMap((a) =>
          votesOf(a).map((v, i) => (
            <li key={`${a.id}:${i}`} data-testid={`decision-${a.nodeId}`}>
              <strong>{v.decision}</strong> on <code>{a.nodeId}</code> by {v.by || "someone"}
              {v.at ? ` at ${new Date(v.at).toLocaleString()}` : ""}
              {v.comment ? <> — “{v.comment}”</> : ""}
              {v.answer ? <> (answer: {v.answer})</> : ""}
            </li>
          )),
        )}
        {decided
          .filter((a) => a.status === "timed_out")
          .map((a) => (
            <li key={`${a.id}:timeout`}>
              <code>{a.nodeId}</code> timed out ({(a as { onTimeout?: string }).onTimeout ?? "fail"})
            </li>
          ))}
        {notes.slice(-100).map((n) => (
          <li key={n.id} className="muted">
            {new Date(n.at).toLocaleTimeString()} · {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

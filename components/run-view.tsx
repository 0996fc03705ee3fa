"use client";
/**
 * `/runs/[id]`: the template's canvas, read-only, coloured live by the run store (the engine's
 * reducer replaying `run.onEvent`), each node's status, attempts, duration, output and log;
 * cancel, retry failed, re-run from a node; pending approvals inline.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useStore } from "zustand";
import { createRunStore, statusesByTemplateNode, type RunViewSnapshot } from "@/lib/stores/run-store";
import { useTRPC } from "@/lib/trpc/client";
import { isTerminalRunStatus } from "@/lib/workflow/statuses";
import { ApprovalCard } from "./approval-card";
import { RunNodeTable } from "./run-node-table";
import { WorkflowCanvas } from "./workflow-canvas";

export function RunView({ runId }: { runId: string }) {
  const trpc = useTRPC();
  // The snapshot seeds the store once; from then on only events move it.
  const q = useQuery({ ...trpc.run.get.queryOptions({ runId }), staleTime: Infinity, refetchOnWindowFocus: false });
  if (q.isPending) return <p className="muted">Loading run…</p>;
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  const snapshot: RunViewSnapshot = {
    plan: q.data.plan,
    template: q.data.template,
    state: q.data.state,
    lastEventId: q.data.run.lastEventId,
  };
  return <LiveRun runId={runId} name={q.data.run.name} templateId={q.data.run.templateId} snapshot={snapshot} />;
}

function LiveRun(props: { runId: string; name: string; templateId: string | null; snapshot: RunViewSnapshot }) {
  const { runId, snapshot } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [store] = useState(() => createRunStore(snapshot));
  const state = useStore(store, (s) => s.state);
  const spec = useStore(store, (s) => s.spec);
  const notes = useStore(store, (s) => s.notes);
  const logs = useStore(store, (s) => s.logs);
  const statuses = useMemo(() => statusesByTemplateNode({ spec, state }), [spec, state]);

  const sub = useSubscription(
    trpc.run.onEvent.subscriptionOptions(
      { runId, lastEventId: snapshot.lastEventId },
      {
        onData: (tracked) => {
          const e = tracked.data;
          store.getState().apply({ ...e, id: tracked.id });
          if (e.type === "approval.requested" || e.type === "decision.given" || e.type === "run.finished")
            void queryClient.invalidateQueries({ queryKey: trpc.approval.list.queryKey() });
        },
      },
    ),
  );
  const approvals = useQuery(trpc.approval.list.queryOptions({ runId, status: "pending" }));
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.run.list.queryKey() });
  const cancel = useMutation(trpc.run.cancel.mutationOptions({ onSuccess: invalidate }));
  const retry = useMutation(trpc.run.retryFailed.mutationOptions({ onSuccess: invalidate }));
  const terminal = isTerminalRunStatus(state.status);

  return (
    <div className="page">
      <p className="muted small">
        <Link href="/">Dashboard</Link> / run {runId}
        {props.templateId && (
          <>
            {" "}
            · <Link href={`/templates/${encodeURIComponent(props.templateId)}`}>template</Link>
          </>
        )}
      </p>
      <div className="title-row">
        <h1>{props.name}</h1>
        <span className={`run-status run-status-${state.status}`} data-testid="run-status">
          {state.status}
        </span>
        <span className="muted small" data-testid="stream-status">
          {sub.status === "pending" ? "live" : sub.status}
        </span>
      </div>
      {state.error && <p role="alert">{state.error}</p>}
      <div className="button-row">
        {!terminal && (
          <button className="button button-danger" onClick={() => cancel.mutate({ runId })} disabled={cancel.isPending}>
            Cancel run
          </button>
        )}
        {state.status === "failed" && (
          <button className="button" onClick={() => retry.mutate({ runId })} disabled={retry.isPending}>
            Retry failed nodes
          </button>
        )}
      </div>
      {(cancel.error ?? retry.error) && <p role="alert">{(cancel.error ?? retry.error)?.message}</p>}

      {approvals.data && approvals.data.items.length > 0 && (
        <section aria-labelledby="run-approvals">
          <h2 id="run-approvals">Waiting for you</h2>
          <div className="approvals">
            {approvals.data.items.map((a) => (
              <ApprovalCard key={a.id} approval={a} showRun={false} />
            ))}
          </div>
        </section>
      )}

      <div className="tab-panel canvas-panel">
        <WorkflowCanvas template={snapshot.template} statuses={statuses} />
      </div>
      <RunNodeTable runId={runId} spec={spec} state={state} logs={logs} />
      {notes.length > 0 && (
        <section aria-labelledby="run-notes">
          <h2 id="run-notes">Routing and skips</h2>
          <ul className="notes">
            {notes.map((n) => (
              <li key={n.id}>{n.text}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

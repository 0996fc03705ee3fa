"use client";
/**
 * `/runs/[id]`: the run rebuilt in the browser from its events by the engine's reducer (the run
 * store), fed by the tab's one live channel from the last event the store applied, one batch per
 * animation frame. Canvas, node panel, timeline, summary, history; cancel, retry failed, re-run
 * from a node; the run's pending approvals inline; once finished, a Replay slider.
 */
import { waitingChildOf } from "@/lib/workflow/run/child-run-progress";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import type { RunSeed, RunViewState } from "@/lib/stores/run-store";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { useCan } from "@/components/app-shell/session-provider";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { ApprovalCard } from "@/components/dashboard/approval-card";
import { SandboxNotice } from "@/components/common/sandbox-notice";
import { useLiveStore } from "@/components/app-shell/live-provider";
import { changesByTemplateNode } from "@/lib/workflow/compare/changes-by-template-node";
import { RunCanvas } from "./run-canvas";
import { CompareWith } from "./compare-with";
import { RunComparison } from "./run-comparison";
import { RunHistory } from "./run-history";
import { RunNodePanel } from "./run-node-panel";
import { RunReplayBar } from "./run-replay-bar";
import { RunAttribution, type RunStarter } from "./run-attribution";
import { RunSummary } from "./run-summary";
import { RunTimeline } from "./run-timeline";
import { useLiveRunStore } from "./use-live-run-store";
import { useNow } from "./use-now";
import { useThrottled } from "./use-throttled";
import "./run-view.css";

export function RunView({ runId }: { runId: string }) {
  const trpc = useTRPC();
  // The plan, template and variables seed the store once; from then on only events move it.
  const q = useQuery({
    ...trpc.run.get.queryOptions({ runId }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // Once seeded, the live run stays mounted whatever the query does next (its store is the run).
  if (!q.data) return q.isError ? <p role="alert">{q.error.message}</p> : <p className="muted">Loading run…</p>;
  const seed: RunSeed = { runId, plan: q.data.plan, template: q.data.template, vars: q.data.state.vars };
  const starter = { startedBy: q.data.run.startedBy, trigger: q.data.run.trigger, templateId: q.data.run.templateId };
  return (
    <LiveRun
      key={runId}
      seed={seed}
      name={q.data.run.name}
      templateId={q.data.run.templateId}
      starter={starter}
      parent={q.data.run.parentRunId ? { runId: q.data.run.parentRunId, nodeId: q.data.run.parentNodeId } : undefined}
    />
  );
}

function LiveRun(props: {
  seed: RunSeed;
  name: string;
  templateId: string | null;
  starter: RunStarter;
  parent?: { runId: string; nodeId: string | null };
}) {
  const { seed } = props;
  const runId = seed.runId;
  const canEdit = useCan("editor");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { store, caughtUp, resume } = useLiveRunStore(seed);
  const live = useStore(store);
  const [selected, setSelected] = useState<string>();
  const [replayView, setReplayView] = useState<RunViewState>();
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const comparison = useQuery({
    ...trpc.run.compare.queryOptions({ a: runId, b: compareWith ?? "" }),
    enabled: compareWith !== null,
  });
  const plan = seed.plan;
  const compare = useMemo(
    () =>
      compareWith && comparison.data
        ? changesByTemplateNode(comparison.data.nodes, (id) => plan.nodes[id]?.sourceId)
        : undefined,
    [compareWith, comparison.data, plan],
  );
  const view = replayView ?? live;
  const terminal = isTerminalRunStatus(live.state.status);
  const waiting = live.state.status === "waiting";
  const replayNow = replayView ? (replayView.events.at(-1)?.event.at ?? live.events[0]?.event.at ?? 0) : undefined;
  const now = useNow(!terminal && !replayView);
  // Timeline and history follow at most 4 times a second; the canvas follows every frame.
  const slowVersion = useThrottled(view.version, 250);
  useRunToasts(store, props.name, runId, caughtUp);

  // Approvals of this run: refreshed by the events that open or close one.
  const approvalsKey = trpc.approval.list.queryKey();
  const lastType = live.events.at(-1)?.event.type;
  useEffect(() => {
    if (lastType === "approval.requested" || lastType === "decision.given" || lastType === "run.finished")
      void queryClient.invalidateQueries({ queryKey: approvalsKey });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.lastEventId]);
  const approvals = useQuery(trpc.approval.list.queryOptions({ runId, status: "pending" }));
  const onChanged = () => {
    resume();
    void queryClient.invalidateQueries({ queryKey: trpc.run.list.queryKey() });
  };
  const cancel = useMutation(trpc.run.cancel.mutationOptions({ onSuccess: onChanged }));
  const retry = useMutation(trpc.run.retryFailed.mutationOptions({ onSuccess: onChanged }));

  // One screen like the editor: the head, then the canvas with the node panel beside it, then
  // timeline, summary and history in a strip below that scrolls on its own.
  return (
    <div className="run-workspace">
      <div className="run-head">
        <p className="muted small run-crumb">
          <Link href="/">Dashboard</Link> / {props.parent && <ParentCrumb {...props.parent} />}run {runId}
          {props.templateId && (
            <>
              {" "}
              · <Link href={`/templates/${encodeURIComponent(props.templateId)}`}>template</Link>
            </>
          )}
          <RunAttribution {...props.starter} />
        </p>
        <div className="title-row">
          <h1>{props.name}</h1>
          <span className={`run-status run-status-${view.state.status}`} data-testid="run-status">
            {view.state.status}
          </span>
          <span
            className="muted small"
            data-testid="applied-events"
            data-applied-event-id={live.lastEventId}
            data-applied-count={live.events.length}
            data-dropped={live.dropped}
            data-caught-up={caughtUp}
          >
            {live.lastEventId} events{caughtUp ? "" : " · catching up…"}
          </span>
          <div className="button-row push-right">
            <CompareWith runId={runId} templateId={props.templateId} onCompare={setCompareWith} />
            {canEdit && !terminal && (
              <button
                className="button button-danger"
                onClick={() => cancel.mutate({ runId })}
                disabled={cancel.isPending}
              >
                Cancel run
              </button>
            )}
            {canEdit && live.state.status === "failed" && (
              <button className="button" onClick={() => retry.mutate({ runId })} disabled={retry.isPending}>
                Retry failed nodes
              </button>
            )}
          </div>
        </div>
        {view.state.error && <p role="alert">{view.state.error}</p>}
        <SandboxNotice onlyWhenBare />
        {(cancel.error ?? retry.error) && <p role="alert">{(cancel.error ?? retry.error)?.message}</p>}
        {terminal && caughtUp && <RunReplayBar seed={seed} events={live.events} onView={setReplayView} />}
      </div>

      <div className="run-main">
        <div className="run-canvas-slot">
          <RunCanvas
            template={seed.template}
            spec={view.spec}
            state={view.state}
            now={replayNow}
            selected={selected}
            onSelect={setSelected}
            compare={compare}
          />
        </div>
        <aside className="run-side" aria-label="Run details">
          {compareWith && <RunComparison a={runId} b={compareWith} onClose={() => setCompareWith(null)} />}
          {!replayView && (waiting || (approvals.data?.items.length ?? 0) > 0) && approvals.data && (
            <section aria-labelledby="run-approvals" className="run-approvals">
              <h2 id="run-approvals">Waiting for you</h2>
              <div className="approvals">
                {approvals.data.items.map((a) => (
                  <ApprovalCard key={a.id} approval={a} showRun={false} />
                ))}
              </div>
              {approvals.data.items.length === 0 && waitsInChild(view.state) && (
                <p className="muted small">A child run waits for a person: its workflow node links to it.</p>
              )}
            </section>
          )}
          {selected ? (
            <RunNodePanel
              key={selected}
              runId={runId}
              view={view}
              nodeId={selected}
              replay={!!replayView}
              onRerun={onChanged}
            />
          ) : (
            <p className="muted small">Select a node on the canvas or the timeline to see its attempts and log.</p>
          )}
        </aside>
      </div>
      <div className="run-lower">
        <section aria-labelledby="run-timeline-heading">
          <h2 id="run-timeline-heading">Timeline</h2>
          <RunTimeline
            attempts={view.attempts}
            plan={view.spec.plan}
            version={slowVersion}
            now={replayNow ?? (terminal ? (view.state.finishedAt ?? now) : now)}
            onSelect={setSelected}
          />
        </section>
        {isTerminalRunStatus(view.state.status) && (
          <RunSummary spec={view.spec} state={view.state} title={props.name} />
        )}
        <RunHistory events={view.events} version={slowVersion} />
      </div>
    </div>
  );
}

/** A workflow node waits because its child run waits for a person (the approval is the child's). */
function waitsInChild(state: RunViewState["state"]): boolean {
  return Object.values(state.nodes).some((n) => n.status === "waiting" && n.child !== undefined && !n.approvalId);
}

/** The breadcrumb back from a child run: `Parent run`, then the parent's name and the node that called. */
function ParentCrumb({ runId, nodeId }: { runId: string; nodeId: string | null }) {
  const trpc = useTRPC();
  const parent = useQuery({
    ...trpc.run.get.queryOptions({ runId }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <span data-testid="parent-crumb">
      <Link href={`/runs/${encodeURIComponent(runId)}`}>Parent run</Link>
      {parent.data && ` ${parent.data.run.name}`}
      {nodeId && (
        <>
          {" "}
          (node <code>{nodeId}</code>)
        </>
      )}{" "}
      /{" "}
    </span>
  );
}

/** A toast when the watched run needs a person or ends — only for what happens live, not the replayed history. */
function useRunToasts(store: StoreApi<RunViewState>, name: string, runId: string, caughtUp: boolean) {
  const toasts = useLiveStore();
  // Only someone who may decide is "needed"; a viewer is told what the run waits for.
  const canDecide = useCan("approver");
  const status = useStore(store, (s) => s.state.status);
  const seen = useRef(status);
  // Caught up at the previous render: a status reached by the replay itself (applied together
  // with the `ready` message) raises nothing.
  const wasCaughtUp = useRef(false);
  useEffect(() => {
    const live = wasCaughtUp.current;
    wasCaughtUp.current = caughtUp;
    if (status === seen.current) return;
    seen.current = status;
    if (!live) return;
    const href = `/runs/${encodeURIComponent(runId)}`;
    // A run that waits only because a child run waits points at the child, where the person decides.
    const child = status === "waiting" ? waitingChildOf(store.getState().state) : undefined;
    if (child)
      toasts.getState().toast({
        text: `${name} waits on its child run${canDecide ? ", which needs you" : " (an approver decides there)"}`,
        href: `/runs/${encodeURIComponent(child)}`,
        tone: "info",
      });
    else if (status === "waiting")
      toasts
        .getState()
        .toast({ text: canDecide ? `${name} needs you` : `${name} is waiting for an approver`, href, tone: "info" });
    else if (isTerminalRunStatus(status))
      toasts.getState().toast({ text: `${name} ${status}`, href, tone: status === "succeeded" ? "success" : "danger" });
  }, [status, caughtUp, name, runId, toasts, canDecide, store]);
}

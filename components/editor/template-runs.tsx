"use client";
/**
 * The template's runs in the editor's side panel: newest first, kept current by the live channel
 * (as the dashboard's list is). Choosing one colours the editor's canvas with that run's statuses —
 * live while it runs — and shows the selected node's attempts and log here, without leaving the
 * editor; "Open run page" links out.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";
import { statusesByTemplateNode, type RunSeed } from "@/lib/stores/run-store";
import { useLiveRunList } from "@/components/common/use-live-run-list";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { RunNodePanel } from "@/components/run/run-node-panel";
import { useLiveRunStore } from "@/components/run/use-live-run-store";
import { useEditor, useEditorStore } from "./editor-provider";

const PAGE = 20;

/** One chosen run: its store, fed live; its statuses on the editor's canvas; the selected node's panel. */
function ChosenRun({ seed }: { seed: RunSeed }) {
  const store = useEditorStore();
  const { store: runStore, resume } = useLiveRunStore(seed);
  const view = useStore(runStore);
  const statuses = useMemo(() => statusesByTemplateNode(view), [view]);
  useEffect(() => store.getState().setRunStatuses(statuses), [store, statuses]);
  useEffect(() => () => store.getState().setRunStatuses(null), [store]);
  const selected = useEditor((s) => (s.selection.nodes.length === 1 ? s.selection.nodes[0] : undefined));
  const inRun = selected !== undefined && view.spec.plan.nodes[selected] !== undefined;
  return (
    <div className="chosen-run">
      <p className="small">
        Run <code>{seed.runId}</code>:{" "}
        <span className={`status-pill status-${view.state.status}`}>{view.state.status}</span>{" "}
        <Link href={`/runs/${encodeURIComponent(seed.runId)}`}>Open run page</Link>
      </p>
      {inRun ? (
        <RunNodePanel key={selected} runId={seed.runId} view={view} nodeId={selected} replay={false} onRerun={resume} />
      ) : (
        <p className="muted small">
          {selected ? `${selected} was not part of this run.` : "Select a node on the canvas to see its log here."}
        </p>
      )}
    </div>
  );
}

function ChosenRunLoader({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.run.get.queryOptions({ runId }), staleTime: Infinity, refetchOnWindowFocus: false });
  if (!q.data) return q.isError ? <p role="alert">{q.error.message}</p> : <p className="muted small">Loading run…</p>;
  const seed: RunSeed = { runId, plan: q.data.plan, template: q.data.template, vars: q.data.state.vars };
  return <ChosenRun key={runId} seed={seed} />;
}

export function TemplateRuns({ templateId }: { templateId: string }) {
  const input = useMemo(() => ({ limit: PAGE, templateId }), [templateId]);
  const { runs, items } = useLiveRunList(input);
  const [chosen, setChosen] = useState<string>();

  return (
    <section className="template-runs" aria-label="Runs of this template">
      {runs.isPending ? (
        <p className="muted small">Loading runs…</p>
      ) : runs.isError ? (
        <p role="alert">{runs.error.message}</p>
      ) : items.length === 0 ? (
        <p className="muted small">No runs yet: press Run… to start one.</p>
      ) : (
        <ul className="template-run-list" aria-label="Runs">
          {items.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="template-run"
                aria-pressed={chosen === r.id}
                onClick={() => setChosen(chosen === r.id ? undefined : r.id)}
                title={chosen === r.id ? "Stop showing this run on the canvas" : "Show this run on the canvas"}
              >
                <span className={`status-pill status-${r.status}`}>{r.status}</span>{" "}
                <time className="small" dateTime={new Date(r.createdAt).toISOString()}>
                  {new Date(r.createdAt).toLocaleString()}
                </time>{" "}
                <code className="small muted">{r.id}</code>
              </button>
            </li>
          ))}
        </ul>
      )}
      {runs.hasNextPage && (
        <button type="button" className="link-button small" onClick={() => void runs.fetchNextPage()}>
          Older runs
        </button>
      )}
      {chosen && <ChosenRunLoader runId={chosen} />}
    </section>
  );
}

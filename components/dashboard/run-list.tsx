"use client";
/**
 * The dashboard's runs: newest first, a page at a time (`run.list` with a cursor), filtered by
 * template and status, grouped by state (running, waiting for a person, failed, succeeded). Kept
 * current by the live channel's `run` messages (a new run is put in its place, a changed one replaced;
 * `mergeLiveRun`) and read again only when the channel (re)connects, never polled.
 */
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { LiveInterest, LiveMessage } from "@/lib/stores/live-connection";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { RUN_STATUSES, type RunStatus } from "@/lib/workflow/model/statuses";
import { useLiveInterest } from "@/components/app-shell/live-provider";
import { mergeLiveRun } from "@/lib/stores/merge-live-run";

type RunPage = RouterOutputs["run"]["list"];
/** A run as the live channel sends it. */
type LiveRun = Extract<LiveMessage, { kind: "run" }>["run"];

const GROUPS = [
  { key: "running", label: "Running", statuses: ["running", "pending"] },
  { key: "waiting", label: "Waiting for a person", statuses: ["waiting"] },
  { key: "failed", label: "Failed", statuses: ["failed", "cancelled"] },
  { key: "succeeded", label: "Succeeded", statuses: ["succeeded"] },
] as const;

const PAGE = 25;
/** Pushed runs remembered; beyond this the one pushed longest ago is forgotten. */
const MAX_PUSHED = 1000;

export function RunList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState("");
  const [status, setStatus] = useState<RunStatus | "">("");
  const input = useMemo(
    () => ({ limit: PAGE, ...(templateId ? { templateId } : {}), ...(status ? { status } : {}) }),
    [templateId, status],
  );
  const runs = useInfiniteQuery(
    trpc.run.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }),
  );
  const templates = useQuery(trpc.template.list.queryOptions({ limit: 200, sort: "updated" }));

  // Every run the live channel pushed, its latest state, in arrival order. Laid over whatever
  // run.list answered at render, so an answer computed before a change (a refetch in flight when
  // the change was pushed) cannot hide it.
  const [pushed, setPushed] = useState<ReadonlyMap<string, LiveRun>>(() => new Map());
  const interest = useMemo<LiveInterest>(
    () => ({
      runs: true,
      onMessage: (m) => {
        // Changes before the stream (re)started were never pushed: read the list again once it is live.
        if (m.kind === "ready") void queryClient.invalidateQueries({ queryKey: trpc.run.list.infiniteQueryKey(input) });
        if (m.kind !== "run") return;
        setPushed((prev) => {
          const next = new Map(prev);
          next.delete(m.run.id);
          next.set(m.run.id, m.run);
          if (next.size > MAX_PUSHED) next.delete(next.keys().next().value!);
          return next;
        });
      },
    }),
    [queryClient, trpc, input],
  );
  useLiveInterest(interest);

  const data = useMemo(() => {
    const fits = (r: LiveRun) => (!status || r.status === status) && (!templateId || r.templateId === templateId);
    let d: InfiniteData<RunPage> | undefined = runs.data;
    for (const run of pushed.values()) d = mergeLiveRun(d, run, fits);
    return d;
  }, [runs.data, pushed, status, templateId]);

  const items = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <div className="button-row run-filters">
        <label className="small">
          Template{" "}
          <select
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value)}
            aria-label="Filter runs by template"
          >
            <option value="">all</option>
            {templates.data?.items.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="small">
          Status{" "}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as RunStatus | "")}
            aria-label="Filter runs by status"
          >
            <option value="">all</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {runs.isPending ? (
        <p className="muted">Loading runs…</p>
      ) : runs.isError ? (
        <p role="alert">{runs.error.message}</p>
      ) : items.length === 0 ? (
        <p className="muted">
          {templateId || status
            ? "No run matches these filters."
            : "No runs yet. Open a template and press Run, or use `wf run` on the command line."}
        </p>
      ) : (
        <div className="run-groups">
          {GROUPS.map((g) => {
            const inGroup = items.filter((r) => (g.statuses as readonly string[]).includes(r.status));
            return (
              <section key={g.key} className="run-group" aria-label={g.label} data-testid={`runs-${g.key}`}>
                <h3>
                  {g.label} <span className="badge">{inGroup.length}</span>
                </h3>
                <ul>
                  {inGroup.map((r) => (
                    <li key={r.id} data-testid={`run-${r.id}`}>
                      <Link href={`/runs/${encodeURIComponent(r.id)}`}>{r.name}</Link>{" "}
                      <span className={`status-pill status-${r.status}`}>{r.status}</span>
                      <div className="muted small">
                        {new Date(r.createdAt).toLocaleString()}
                        {r.error ? ` · ${r.error}` : ""}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {runs.hasNextPage && (
        <button className="button" onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage}>
          {runs.isFetchingNextPage ? "Loading…" : "Load more runs"}
        </button>
      )}
    </div>
  );
}

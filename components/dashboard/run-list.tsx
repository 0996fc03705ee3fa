"use client";
/**
 * The dashboard's runs: newest first, a page at a time (`run.list` with a cursor), filtered by
 * template and status, grouped by state (running, waiting for a person, failed, succeeded), kept current
 * by the live channel (`useLiveRunList`), never polled.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { RUN_STATUSES, type RunStatus } from "@/lib/workflow/model/statuses";
import { useLiveRunList } from "@/components/common/use-live-run-list";

const GROUPS = [
  { key: "running", label: "Running", statuses: ["running", "pending"] },
  { key: "waiting", label: "Waiting for a person", statuses: ["waiting"] },
  { key: "failed", label: "Failed", statuses: ["failed", "cancelled"] },
  { key: "succeeded", label: "Succeeded", statuses: ["succeeded"] },
] as const;

const PAGE = 25;

export function RunList() {
  const trpc = useTRPC();
  const [templateId, setTemplateId] = useState("");
  const [status, setStatus] = useState<RunStatus | "">("");
  const input = useMemo(
    () => ({ limit: PAGE, ...(templateId ? { templateId } : {}), ...(status ? { status } : {}) }),
    [templateId, status],
  );
  const { runs, items } = useLiveRunList(input);
  const templates = useQuery(trpc.template.list.queryOptions({ limit: 200, sort: "updated" }));
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

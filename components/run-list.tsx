"use client";
/** Runs grouped by state (running, waiting for a person, failed, succeeded), refreshed every 2 s. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/lib/trpc/client";

const GROUPS = [
  { key: "running", label: "Running", statuses: ["running", "pending"] },
  { key: "waiting", label: "Waiting for a person", statuses: ["waiting"] },
  { key: "failed", label: "Failed", statuses: ["failed", "cancelled"] },
  { key: "succeeded", label: "Succeeded", statuses: ["succeeded"] },
] as const;

export function RunList() {
  const trpc = useTRPC();
  const runs = useQuery({ ...trpc.run.list.queryOptions(), refetchInterval: 2000 });
  if (runs.isPending) return <p className="muted">Loading runs…</p>;
  if (runs.isError) return <p role="alert">{runs.error.message}</p>;
  if (runs.data.items.length === 0)
    return <p className="muted">No runs yet. Open a template and press Run, or use `wf run` on the command line.</p>;
  return (
    <div className="run-groups">
      {GROUPS.map((g) => {
        const items = runs.data.items.filter((r) => (g.statuses as readonly string[]).includes(r.status));
        return (
          <section key={g.key} className="run-group" aria-label={g.label} data-testid={`runs-${g.key}`}>
            <h3>
              {g.label} <span className="badge">{items.length}</span>
            </h3>
            <ul>
              {items.slice(0, 10).map((r) => (
                <li key={r.id}>
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
  );
}

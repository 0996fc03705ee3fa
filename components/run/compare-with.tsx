"use client";
/**
 * `Compare with…` on a run page: picks another run — the same template's recent runs, or any run by id — to
 * compare this one with (the comparison then shows beside the canvas and on it).
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";

export function CompareWith({
  runId,
  templateId,
  onCompare,
}: {
  runId: string;
  templateId: string | null;
  onCompare: (otherRunId: string) => void;
}) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const runs = useQuery({
    ...trpc.run.list.queryOptions({ ...(templateId ? { templateId } : {}), limit: 50 }),
    enabled: open,
  });
  const others = runs.data?.items.filter((r) => r.id !== runId) ?? [];
  const [picked, setPicked] = useState("");
  const choice = picked || others[0]?.id || "";
  return (
    <div className="compare-with">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Compare with…
      </button>
      {open && (
        <form
          className="run-popover compare-popover"
          aria-label="Compare with another run"
          onSubmit={(e) => {
            e.preventDefault();
            if (!choice.trim()) return;
            onCompare(choice.trim());
            setOpen(false);
          }}
        >
          {runs.isPending && <p className="muted small">Loading runs…</p>}
          {runs.error && <p role="alert">{runs.error.message}</p>}
          {others.length > 0 && (
            <div className="field">
              <label htmlFor="compare-run" className="field-label">
                {templateId ? "a run of this template" : "a recent run"}
              </label>
              <select id="compare-run" value={choice} onChange={(e) => setPicked(e.target.value)}>
                {others.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.id} · {r.status} · {new Date(r.startedAt ?? r.createdAt).toLocaleString()}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="compare-run-id" className="field-label">
              or a run id
            </label>
            <input id="compare-run-id" value={picked} placeholder="run_…" onChange={(e) => setPicked(e.target.value)} />
          </div>
          {runs.data && others.length === 0 && !picked && (
            <p className="muted small">No other run of this template yet: give a run id.</p>
          )}
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={!choice.trim()}>
              Compare
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

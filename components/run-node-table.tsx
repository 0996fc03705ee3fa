"use client";
/** Every planned node of a run: status, attempts, duration, output or error, its log, re-run from here. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTRPC } from "@/lib/trpc/client";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";

function duration(start?: number, end?: number): string {
  if (!start) return "";
  const ms = (end ?? Date.now()) - start;
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

interface RerunError {
  message: string;
  data?: { details?: { finishedDownstream?: string[] } };
}

export function RunNodeTable(props: { runId: string; spec: RunSpec; state: RunState; logs: Record<string, string> }) {
  const { runId, spec, state, logs } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string>();
  const rerun = useMutation(trpc.run.rerunFrom.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }));

  async function rerunFrom(nodeId: string) {
    try {
      await rerun.mutateAsync({ runId, nodeId });
    } catch (err) {
      // The stale-downstream guard: finished nodes downstream would be reset, so ask first.
      const downstream = (err as RerunError).data?.details?.finishedDownstream;
      if (
        downstream?.length &&
        window.confirm(`Re-run ${nodeId}? These finished nodes will run again: ${downstream.join(", ")}`)
      )
        await rerun.mutateAsync({ runId, nodeId, confirm: true });
    }
  }

  return (
    <section aria-labelledby="run-nodes">
      <h2 id="run-nodes">Nodes</h2>
      <table className="table">
        <thead>
          <tr>
            <th>node</th>
            <th>status</th>
            <th>attempts</th>
            <th>time</th>
            <th>output / error</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {spec.plan.order.map((id) => {
            const n = state.nodes[id];
            const def = spec.defs.get(id);
            return (
              <Fragment key={id}>
                <tr data-testid={`row-${id}`}>
                  <td>
                    <button className="link-button" onClick={() => setOpen(open === id ? undefined : id)}>
                      {id}
                    </button>{" "}
                    <span className="muted small">{def?.name}</span>
                  </td>
                  <td>
                    <span className={`status-pill status-${n?.status}`}>{n?.status}</span>
                  </td>
                  <td>{n?.attempts}</td>
                  <td>{duration(n?.startedAt, n?.finishedAt)}</td>
                  <td className="output-cell">{n?.error ?? n?.output}</td>
                  <td>
                    {state.status !== "running" && n && n.status !== "pending" && (
                      <button className="link-button small" onClick={() => void rerunFrom(id)}>
                        re-run from here
                      </button>
                    )}
                  </td>
                </tr>
                {open === id && (
                  <tr>
                    <td colSpan={6}>
                      <pre className="code" data-testid={`log-${id}`}>
                        {logs[id] || n?.output || "(no log yet)"}
                      </pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {rerun.isError && <p role="alert">{rerun.error.message}</p>}
    </section>
  );
}

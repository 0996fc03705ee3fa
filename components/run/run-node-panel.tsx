"use client";
/**
 * The selected node of a run: its attempts (start, duration, status, exit code), output, error,
 * check results (the HANDOFF_OK / GATE_FAIL lines of its log), for a gate why it took its branch,
 * and its log (each attempt's stored log from `run.log`, then the events applied after it: `useNodeLog`;
 * each attempt's stored log also downloads through `run.log`).
 * A workflow node shows its child run's progress and `Open child run`. A loop picks an iteration. "Re-run from here" asks first when finished nodes
 * downstream would run again (the server lists them in a PRECONDITION_FAILED answer).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { RunViewState } from "@/lib/stores/run-store";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { useCan } from "@/components/app-shell/session-provider";
import { downloadText } from "@/components/common/download-text";
import { WorkflowCallSummary } from "@/components/canvas/workflow-call-summary";
import { AnsiText } from "./ansi-text";
import { ChildRunProgress } from "./child-run-progress";
import { formatDuration } from "./format-duration";
import { RunLog } from "./run-log";
import { useNodeLog } from "./use-node-log";

interface RerunError {
  message: string;
  data?: { details?: { finishedDownstream?: string[] } };
}

const CHECK_LINE = /^(HANDOFF_OK|GATE_FAIL) \|/;

export function RunNodePanel(props: {
  runId: string;
  view: Pick<RunViewState, "spec" | "state" | "events" | "attempts" | "version">;
  nodeId: string;
  /** Replay: read-only. */
  replay: boolean;
  onRerun(): void;
}) {
  const { runId, view, nodeId, replay } = props;
  const trpc = useTRPC();
  const canEdit = useCan("editor");
  const iterations = view.spec.plan.loops[nodeId];
  const [picked, setPicked] = useState<string>();
  const planId = iterations ? (picked && iterations.includes(picked) ? picked : iterations[0]) : nodeId;
  const node = view.state.nodes[planId];
  const def = view.spec.defs.get(planId);
  const child = node?.child;
  const attempts = view.attempts.byNode.get(planId) ?? [];
  const log = useNodeLog(runId, planId, view, replay);
  const lines = log.lines;
  // Once per applied batch, not per render: a 100k-line log is mutated in place (see `version`).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const checks = useMemo(() => lines.filter((l) => CHECK_LINE.test(l.text)), [lines, view.version]);
  const [confirm, setConfirm] = useState<string[]>();
  const rerun = useMutation(trpc.run.rerunFrom.mutationOptions({ onSuccess: props.onRerun }));
  const queryClient = useQueryClient();
  const [downloadError, setDownloadError] = useState<string>();

  /** The stored log of one attempt, as the server keeps it (`run.log`), saved as a file. */
  async function download(attempt: number) {
    setDownloadError(undefined);
    try {
      const log = await queryClient.fetchQuery(trpc.run.log.queryOptions({ runId, nodeId: planId, attempt }));
      downloadText(`${runId}-${planId}-attempt-${attempt}.log`, log.text + (log.truncated ? "\n[truncated]\n" : ""));
    } catch (err) {
      setDownloadError((err as Error).message);
    }
  }

  async function rerunFrom(confirmed: boolean) {
    setConfirm(undefined);
    try {
      await rerun.mutateAsync({ runId, nodeId: planId, ...(confirmed ? { confirm: true } : {}) });
    } catch (err) {
      const downstream = (err as RerunError).data?.details?.finishedDownstream;
      if (downstream?.length) setConfirm(downstream);
    }
  }

  return (
    <section className="run-node-panel" aria-label={`Node ${nodeId}`} data-testid="node-panel">
      <header className="title-row">
        <h2>
          {def?.name || nodeId} <code className="small">{planId}</code>
        </h2>
        <span className={`status-pill status-${node?.status}`} data-testid="panel-status">
          {node?.status}
        </span>
        {iterations && (
          <label className="small">
            Iteration{" "}
            <select value={planId} onChange={(e) => setPicked(e.target.value)}>
              {iterations.map((id, k) => (
                <option key={id} value={id}>
                  {k + 1} ({view.state.nodes[id]?.status})
                </option>
              ))}
            </select>
          </label>
        )}
        {canEdit && !replay && props.view.state.status !== "running" && node && node.status !== "pending" && (
          <button className="button small" onClick={() => void rerunFrom(false)} disabled={rerun.isPending}>
            Re-run from here
          </button>
        )}
      </header>
      {confirm && (
        <div className="confirm" role="alertdialog" aria-label="Re-run from here?">
          <p>These finished nodes downstream will run again: {confirm.join(", ")}</p>
          <div className="button-row">
            <button className="button button-danger" onClick={() => void rerunFrom(true)}>
              Re-run them
            </button>
            <button className="button" onClick={() => setConfirm(undefined)}>
              Keep them
            </button>
          </div>
        </div>
      )}
      {rerun.isError && !confirm && <p role="alert">{rerun.error.message}</p>}
      {def?.type === "workflow" && (
        <p className="small panel-child-run" data-testid="panel-child-run">
          <WorkflowCallSummary template={def.template} version={def.version} />
          {" — "}
          {child ? (
            <ChildRunProgress child={child} nodeStatus={node?.status} />
          ) : (
            <span className="muted">child run not started</span>
          )}
        </p>
      )}

      <table className="table small" aria-label="Attempts">
        <thead>
          <tr>
            <th>attempt</th>
            <th>started</th>
            <th>duration</th>
            <th>status</th>
            <th>exit code</th>
            <th>error</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {attempts.map((a) => (
            <tr key={a.attempt} data-testid={`attempt-${planId}-${a.attempt}`}>
              <td>{a.attempt}</td>
              <td>{new Date(a.startedAt).toLocaleTimeString()}</td>
              <td>{a.finishedAt ? formatDuration(a.finishedAt - a.startedAt) : "…"}</td>
              <td>
                <span className={`status-pill status-${a.status}`}>{a.status}</span>
              </td>
              <td>{a.exitCode ?? ""}</td>
              <td className="output-cell">{a.error && <AnsiText text={a.error} />}</td>
              <td>
                <button
                  className="link-button small"
                  onClick={() => void download(a.attempt)}
                  aria-label={`Download the log of attempt ${a.attempt}`}
                >
                  log
                </button>
              </td>
            </tr>
          ))}
          {attempts.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                Not started
                {node?.skipReason ? ` (skipped: ${node.skipReason}${node.skipCause ? `, ${node.skipCause}` : ""})` : ""}
                .
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {downloadError && <p role="alert">{downloadError}</p>}

      {node?.gate && (
        <div className="gate-why" data-testid="gate-why">
          <h3>Why this branch</h3>
          <p>
            Value <code>{node.gate.value}</code>
            {node.gate.source
              ? ` (from its ${node.gate.source}${node.gate.condition ? `: ${node.gate.condition}` : ""})`
              : ""}{" "}
            →{" "}
            {node.gate.label ? (
              <>
                matched label <strong>{node.gate.label}</strong>
              </>
            ) : (
              "no label matched"
            )}
            .
          </p>
          <p className="small">
            Taken: {node.gate.taken.join(", ") || "none"} · Skipped: {node.gate.skipped.join(", ") || "none"}
          </p>
        </div>
      )}
      {node?.output !== undefined && node.output !== "" && (
        <>
          <h3>Output</h3>
          <pre className="code" data-testid="node-output">
            <AnsiText text={node.output} />
          </pre>
        </>
      )}
      {node?.error && (
        <p role="alert" data-testid="node-error">
          <AnsiText text={node.error} />
        </p>
      )}
      {checks.length > 0 && (
        <>
          <h3>Checks</h3>
          <ul className="checks" data-testid="node-checks">
            {checks.map((l, i) => (
              <li key={i} className={l.text.startsWith("GATE_FAIL") ? "check-fail" : "check-ok"}>
                <code>{l.text}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 data-testid="log-heading" data-stored={log.stored}>
        Log
      </h3>
      {log.truncated.length > 0 && (
        <p className="muted small" data-testid="log-truncated">
          The stored log of attempt {log.truncated.join(", ")} was truncated: the server keeps a limited amount of
          output per attempt.
        </p>
      )}
      <RunLog lines={lines} version={view.version} testId={`log-${nodeId}`} />
    </section>
  );
}

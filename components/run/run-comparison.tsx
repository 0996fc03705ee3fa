"use client";
/**
 * The `Comparison` region beside a run's canvas: this run against another, node by node (`run.compare`) —
 * status, attempts and duration side by side with what changed marked, the nodes that differ first, and a
 * line diff of each changed output. The canvas outlines the nodes that differ.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { ComparedSide, NodeComparison } from "@/lib/workflow/compare/compare-runs";
import { outputDiff } from "@/lib/workflow/compare/output-diff";
import { formatDuration } from "./format-duration";

function Side({ side, changed }: { side: ComparedSide; changed: readonly string[] }) {
  const mark = (field: string) => (changed.includes(field) ? "compare-changed" : undefined);
  return (
    <>
      <td className={mark("status")}>{side.status}</td>
      <td className={mark("attempts")}>{side.attempts}</td>
      <td className={mark("durationMs")}>{side.durationMs !== undefined ? formatDuration(side.durationMs) : "—"}</td>
    </>
  );
}

function OutputDiff({ node }: { node: NodeComparison }) {
  const { lines, cut } = outputDiff(node.a.output ?? "", node.b.output ?? "");
  return (
    <details className="compare-diff">
      <summary>output of {node.id}</summary>
      <pre aria-label={`Output diff of ${node.id}`}>
        {lines.map((l, i) => (
          <div key={i} className={`diff-${l.kind}`}>
            {l.kind === "added" ? "+ " : l.kind === "removed" ? "- " : "  "}
            {l.text}
          </div>
        ))}
        {cut > 0 && <div className="muted">… {cut} more lines</div>}
      </pre>
    </details>
  );
}

export function RunComparison({ a, b, onClose }: { a: string; b: string; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.run.compare.queryOptions({ a, b }));
  const nodes = q.data?.nodes ?? [];
  const differ = nodes.filter((n) => n.changed.length > 0);
  const ordered = [...differ, ...nodes.filter((n) => n.changed.length === 0)];
  return (
    <section role="region" aria-label="Comparison" className="run-comparison">
      <div className="simulation-head">
        <h2>
          Compared with <Link href={`/runs/${encodeURIComponent(b)}`}>{b}</Link>
        </h2>
        <button type="button" className="button" onClick={onClose} aria-label="Close the comparison">
          ✕
        </button>
      </div>
      {q.isPending && <p className="muted small">Comparing…</p>}
      {q.error && <p role="alert">{q.error.message}</p>}
      {q.data && (
        <>
          <p data-testid="comparison-summary">
            {differ.length === 0
              ? `The runs agree on all ${nodes.length} nodes.`
              : `${differ.length} of ${nodes.length} nodes differ.`}
          </p>
          <table className="compare-table">
            <thead>
              <tr>
                <th rowSpan={2}>node</th>
                <th rowSpan={2}>output</th>
                <th colSpan={3}>this run</th>
                <th colSpan={3}>{b}</th>
              </tr>
              <tr>
                <th>status</th>
                <th>tries</th>
                <th>took</th>
                <th>status</th>
                <th>tries</th>
                <th>took</th>
              </tr>
            </thead>
            <tbody>
              {ordered.map((n) => (
                <tr key={n.id} data-node-id={n.id} data-changed={n.changed.join(" ") || undefined}>
                  <th scope="row">{n.id}</th>
                  <td className={n.changed.includes("output") ? "compare-changed" : undefined}>
                    {n.changed.includes("output") ? "differs" : "same"}
                  </td>
                  <Side side={n.a} changed={n.changed} />
                  <Side side={n.b} changed={n.changed} />
                </tr>
              ))}
            </tbody>
          </table>
          {differ
            .filter((n) => n.changed.includes("output"))
            .map((n) => (
              <OutputDiff key={n.id} node={n} />
            ))}
        </>
      )}
    </section>
  );
}

"use client";
/**
 * A template's versions (drafts marked) and the diff of any two (`template.diff`): nodes added,
 * removed and changed (with the fields that changed), edges added and removed. The editor passes
 * `onHighlight` to mark the diff's nodes on its canvas, and `onOpenVersion` to load a version.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { DiffEdge, TemplateDiff } from "@/lib/workflow/versions/diff-templates";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";

export interface VersionHistoryProps {
  id: string;
  currentVersion: number;
  onHighlight?: (diff: TemplateDiff | null) => void;
  onOpenVersion?: (v: number) => void;
}

function edgeText(e: DiffEdge): string {
  return `${e.from} → ${e.to}${e.label !== undefined ? ` [${e.label}]` : ""}`;
}

function isEmpty(d: TemplateDiff): boolean {
  const { nodes, edges, fields } = d;
  return [nodes.added, nodes.removed, nodes.changed, edges.added, edges.removed, fields].every((x) => x.length === 0);
}

export function VersionHistory({ id, currentVersion, onHighlight, onOpenVersion }: VersionHistoryProps) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.template.get.queryOptions({ id }));
  const versions = detail.data?.versions ?? [];
  const [picked, setPicked] = useState<{ from?: number; to?: number }>({});
  // Default: the version before the current one against the current one.
  const to = picked.to ?? currentVersion;
  const from = picked.from ?? versions.find((v) => v.version < to)?.version ?? to;
  const diff = useQuery({ ...trpc.template.diff.queryOptions({ id, from, to }), enabled: from !== to });
  const shown = from !== to ? diff.data : undefined;

  // The latest callback in a ref: an inline `onHighlight` must not re-run the effects (a loop
  // of highlight → parent render → new callback → highlight).
  const highlight = useRef(onHighlight);
  useEffect(() => {
    highlight.current = onHighlight;
  });
  useEffect(() => {
    highlight.current?.(shown ?? null);
  }, [shown]);
  useEffect(() => () => highlight.current?.(null), []);

  if (detail.isPending) return <p className="muted">Loading versions…</p>;
  if (detail.isError) return <p role="alert">Could not load versions: {detail.error.message}</p>;

  const picker = (label: string, value: number, key: "from" | "to") => (
    <label className="field">
      {label}
      <select value={value} onChange={(e) => setPicked({ from, to, [key]: Number(e.target.value) })}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version}
            {v.draft ? " (draft)" : ""}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section aria-label="Version history" data-testid="version-history">
      <ol className="versions" aria-label="Versions">
        {versions.map((v) => (
          <li key={v.version} data-testid={`version-${v.version}`}>
            <strong>v{v.version}</strong>
            {v.version === currentVersion && <span className="badge">current</span>}
            {v.draft && (
              <span className="tag" title="Saved with validation errors">
                draft
              </span>
            )}{" "}
            <time className="small muted" dateTime={new Date(v.createdAt).toISOString()}>
              {new Date(v.createdAt).toLocaleString()}
            </time>
            {onOpenVersion && (
              <button type="button" className="link-button" onClick={() => onOpenVersion(v.version)}>
                Open v{v.version}
              </button>
            )}
          </li>
        ))}
      </ol>
      {versions.length > 1 && (
        <div className="button-row">
          {picker("Compare from", from, "from")}
          {picker("to", to, "to")}
        </div>
      )}
      {from !== to && diff.isError && <p role="alert">Could not compare: {diff.error.message}</p>}
      {shown && <DiffList diff={shown} from={from} to={to} />}
    </section>
  );
}

function DiffList({ diff, from, to }: { diff: TemplateDiff; from: number; to: number }) {
  if (isEmpty(diff))
    return (
      <p className="muted">
        v{from} and v{to} have the same content.
      </p>
    );
  const rows: { key: string; kind: string; text: string }[] = [
    ...diff.nodes.added.map((n) => ({ key: `na-${n}`, kind: "node added", text: n })),
    ...diff.nodes.removed.map((n) => ({ key: `nr-${n}`, kind: "node removed", text: n })),
    ...diff.nodes.changed.map((c) => ({
      key: `nc-${c.id}`,
      kind: "node changed",
      text: `${c.id}: ${c.fields.join(", ")}`,
    })),
    ...diff.edges.added.map((e) => ({ key: `ea-${edgeText(e)}`, kind: "edge added", text: edgeText(e) })),
    ...diff.edges.removed.map((e) => ({ key: `er-${edgeText(e)}`, kind: "edge removed", text: edgeText(e) })),
    ...(diff.fields.length ? [{ key: "tf", kind: "template changed", text: diff.fields.join(", ") }] : []),
  ];
  return (
    <ul aria-label={`Changes from v${from} to v${to}`} data-testid="version-diff">
      {rows.map((r) => (
        <li key={r.key} data-kind={r.kind}>
          <span className="tag">{r.kind}</span> <code>{r.text}</code>
        </li>
      ))}
    </ul>
  );
}

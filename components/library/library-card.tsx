"use client";
/** One template in the library: what it is, its state, and the actions on it. */
import Link from "next/link";
import { useCan } from "@/components/app-shell/session-provider";
import { useState } from "react";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { LibraryExportMenu } from "./library-export-menu";
import { VersionHistory } from "./version-history";

/** One item of `template.list` (the server's own type). */
export type LibraryCardItem = RouterOutputs["template"]["list"]["items"][number];

export interface LibraryCardActions {
  onDuplicate?: (item: LibraryCardItem) => void;
  onDelete?: (item: LibraryCardItem) => void;
  /** Shown instead of the other actions for a deleted template. */
  onRestore?: (item: LibraryCardItem) => void;
  /** True while an action on this card is in flight. */
  busy?: boolean;
}

/** Links styled as the buttons beside them. */
const LINK_BUTTON = { textDecoration: "none", color: "inherit" } as const;

export function LibraryCard({
  item,
  onDuplicate,
  onDelete,
  onRestore,
  busy,
}: { item: LibraryCardItem } & LibraryCardActions) {
  const canRun = useCan("editor");
  const [confirming, setConfirming] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const href = `/templates/${encodeURIComponent(item.id)}`;
  return (
    <li className="card" data-testid="template-card" aria-label={item.name}>
      <div className="card-title">
        <h3>
          <Link href={href}>{item.name}</Link>
        </h3>
        <span className="badge" title="Latest version">
          v{item.version}
        </span>
      </div>
      {item.draft && (
        <span
          className="tag"
          style={{ alignSelf: "flex-start" }}
          title="Saved with validation errors; fix them before running"
        >
          draft
        </span>
      )}
      <p className="card-text">{item.description}</p>
      <p className="small muted" data-testid="template-stats">
        <span>{item.nodeCount === 1 ? "1 node" : `${item.nodeCount} nodes`}</span>
        {" · "}
        <span>{item.runCount === 1 ? "1 run" : `${item.runCount} runs`}</span>
        {" · "}
        {item.lastRunStatus ? (
          <span className={`run-status run-status-${item.lastRunStatus}`} data-testid="last-run-status">
            last run {item.lastRunStatus}
          </span>
        ) : (
          <span data-testid="last-run-status">never run</span>
        )}
      </p>
      <div className="tags">
        {item.tags.map((tag) => (
          <span key={tag} className="tag">
            {tag}
          </span>
        ))}
      </div>
      <code className="muted small">{item.template_id}</code>
      <div className="button-row">
        <Link className="button" style={LINK_BUTTON} href={href} aria-label={`Open ${item.name}`}>
          Open
        </Link>
        {canRun && (
          <Link className="button" style={LINK_BUTTON} href={`${href}?run=1`} aria-label={`Run ${item.name}`}>
            Run…
          </Link>
        )}
        {onRestore && (
          <button type="button" className="button" disabled={busy} onClick={() => onRestore(item)}>
            Restore
          </button>
        )}
        {onDuplicate && (
          <button type="button" className="button" disabled={busy} onClick={() => onDuplicate(item)}>
            Duplicate
          </button>
        )}
        {onDelete && !confirming && (
          <button type="button" className="button button-danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      <LibraryExportMenu id={item.id} name={item.name} />
      <details onToggle={(e) => setShowVersions(e.currentTarget.open)}>
        <summary>Versions</summary>
        {/* Loaded only when opened: a page of 200 cards must not ask for 200 histories. */}
        {showVersions && <VersionHistory id={item.id} currentVersion={item.version} />}
      </details>
      {confirming && onDelete && (
        <div role="alertdialog" aria-label={`Delete ${item.name}?`} className="button-row">
          <span>Delete “{item.name}”? It leaves the library; you can undo.</span>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              setConfirming(false);
              onDelete(item);
            }}
          >
            Confirm delete
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      )}
    </li>
  );
}

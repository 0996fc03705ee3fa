"use client";
/**
 * The problems region (docs/ui.md): a drawer along the bottom of the canvas whose bar — with the
 * count — is always visible; it opens by itself when the count grows (so a new problem is seen
 * where the person is working) and folds with its bar. Each problem selects and reveals its node;
 * a node that needs an agent provider (WF110) also links to Settings.
 */
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { PROVIDER_SETTINGS_HREF } from "@/lib/workflow/validate/nodes-needing-provider";
import { useEditor, useEditorStore } from "./editor-provider";

const ICON = { error: "✖", warning: "⚠", info: "ℹ" } as const;
/** "The workflow has no nodes" says nothing an empty canvas does not: it never opens the drawer. */
const QUIET = new Set(["WF018"]);

export function ProblemsPanel() {
  const store = useEditorStore();
  const diagnostics = useEditor((s) => s.diagnostics);
  const stale = useEditor((s) => s.validated !== s.draft);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  const count = errors + warnings;
  const loud = diagnostics.filter((d) => d.severity !== "info" && !QUIET.has(d.code)).length;
  const [open, setOpen] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    if (loud > last.current) setOpen(true);
    last.current = loud;
  }, [loud]);
  const summary = `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
  return (
    <section
      className={`problems${open ? " problems-open" : ""}`}
      role="region"
      aria-label="Problems"
      aria-busy={stale || undefined}
    >
      <h2 className="problems-bar">
        <button
          type="button"
          className="problems-toggle"
          aria-expanded={open}
          aria-controls={open ? "problem-list" : undefined}
          onClick={() => setOpen(!open)}
          title={open ? "Fold the problems away" : "Show the problems"}
        >
          <span aria-hidden>{open ? "▾" : "▴"}</span> Problems{" "}
          <span
            className={`count-badge ${errors ? "count-bad" : warnings ? "count-warn" : "count-ok"}`}
            aria-label={summary}
            title={summary}
          >
            {errors ? `✖ ${errors}` : ""}
            {errors && warnings ? " " : ""}
            {warnings ? `⚠ ${warnings}` : ""}
            {count === 0 ? "✓ 0" : ""}
          </span>
        </button>
      </h2>
      {open && (
        <div className="problems-body" id="problem-list">
          {diagnostics.length === 0 ? (
            <p className="muted small">No problems: the workflow is valid.</p>
          ) : (
            <ul className="problem-list">
              {diagnostics.map((d, i) => (
                <li key={`${d.code}-${d.nodeId ?? ""}-${i}`}>
                  <button
                    type="button"
                    className={`problem problem-${d.severity}`}
                    data-code={d.code}
                    onClick={() => {
                      const ids = d.nodeId ? [d.nodeId] : d.edge ? [d.edge.from, d.edge.to] : [];
                      if (ids.length) store.getState().reveal(ids, true);
                    }}
                  >
                    <span aria-hidden>{ICON[d.severity]}</span>
                    <span className="sr-only">{d.severity}:</span> <span className="problem-code">{d.code}</span>{" "}
                    {d.nodeId && <code>{d.nodeId}</code>} {d.field && <span className="muted">({d.field})</span>}{" "}
                    {d.message}
                  </button>
                  {d.code === "WF110" && (
                    <Link className="problem-link small" href={PROVIDER_SETTINGS_HREF}>
                      Set up an agent provider
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

"use client";
/** The problems region (docs/ui.md): every diagnostic of the live validation; each one selects and reveals its node. */
import { useEditor, useEditorStore } from "./editor-provider";

const ICON = { error: "⛔", warning: "⚠", info: "ℹ" } as const;

export function ProblemsPanel() {
  const store = useEditorStore();
  const diagnostics = useEditor((s) => s.diagnostics);
  const stale = useEditor((s) => s.validated !== s.draft);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  return (
    <section className="problems" role="region" aria-label="Problems" aria-busy={stale || undefined}>
      <h2 className="panel-title">
        Problems{" "}
        <span
          className={`count-badge ${errors ? "count-bad" : warnings ? "count-warn" : "count-ok"}`}
          aria-label={`${errors} errors, ${warnings} warnings`}
        >
          {errors + warnings}
        </span>
      </h2>
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
                <span aria-hidden>{ICON[d.severity]}</span> <span className="problem-code">{d.code}</span>{" "}
                {d.nodeId && <code>{d.nodeId}</code>} {d.field && <span className="muted">({d.field})</span>}{" "}
                {d.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

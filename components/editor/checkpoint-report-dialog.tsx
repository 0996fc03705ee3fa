"use client";
/** What "Inject checkpoints" did: each checkpoint, the rule that placed it and why (lib/workflow/inject-checkpoints). */
import { useEffect, useRef } from "react";
import type { InjectedCheckpoint } from "@/lib/workflow/checkpoints/inject-checkpoints";
import { useEditor, useEditorStore } from "./editor-provider";

const RULE_TEXT: Record<string, string> = {
  "after-artifact": "after a node that produces a persistent artifact (plan, spec, analysis, report)",
  "phase-boundary": "between nodes of different phases",
  "before-background-agent": "before a long-running or background agent",
  breakpoint: "at a user breakpoint",
};
const PAUSE_TEXT: Record<string, string> = {
  "user-facing-deliverable": "it comes before a user-facing deliverable",
  "user-breakpoint": "you asked to pause there",
  "background-agent": "a background agent starts next",
};

function why(c: InjectedCheckpoint): string {
  const rules = c.rules.map((r) => RULE_TEXT[r] ?? r).join("; ");
  const pause = c.autoContinue
    ? "continues on its own"
    : `pauses for a person because ${c.pauseReasons.map((p) => PAUSE_TEXT[p] ?? p).join(" and ")}`;
  return `${rules} — ${pause}`;
}

export function CheckpointReportDialog() {
  const store = useEditorStore();
  const report = useEditor((s) => s.report);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (report && dialog && !dialog.open) dialog.showModal();
  }, [report]);
  if (!report) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="cp-report-title"
      onClose={() => store.getState().showReport(null)}
    >
      <h2 id="cp-report-title">Checkpoints injected</h2>
      {report.checkpoints.length === 0 ? (
        <p>No rule applies: no checkpoint was needed.</p>
      ) : (
        <ul className="report-list" aria-label="Injection report">
          {report.checkpoints.map((c) => (
            <li key={c.id}>
              <code>{c.id}</code> on {c.edge.from} → {c.edge.to} · rule <strong>{c.rule}</strong>: {why(c)}
            </li>
          ))}
        </ul>
      )}
      {report.removed.length > 0 && (
        <p className="muted small">Replaced earlier injected checkpoints: {report.removed.join(", ")}.</p>
      )}
      <p className="muted small">One undo step: Undo removes them all.</p>
      <form method="dialog">
        <button className="button button-primary">Close</button>
      </form>
    </dialog>
  );
}

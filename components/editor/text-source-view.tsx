"use client";
/**
 * An editable text view of the draft (Mermaid, YAML, JSON): it shows the draft in that format; an
 * edit is imported after a pause and becomes one undo step on the canvas (node positions kept by
 * id); a text that does not import shows its first error's line and column and changes nothing.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { formatDiagnostic, type Diagnostic } from "@/lib/workflow/diagnostic";
import type { Template } from "@/lib/workflow/template-schema";
import { useEditor, useEditorStore } from "./editor-provider";

const PAUSE_MS = 500;
const FILE_NAME: Record<Exclude<ExportFormat, "ascii">, string> = {
  mermaid: "draft.mmd",
  yaml: "draft.yml",
  json: "draft.json",
};
const LABEL: Record<Exclude<ExportFormat, "ascii">, string> = {
  mermaid: "Mermaid source",
  yaml: "YAML source",
  json: "JSON source",
};

/** The imported template with the draft's node positions, by id. */
function keepPositions(imported: Template, draft: Template): Template {
  const at = new Map(draft.nodes.map((n) => [n.id, n.position]));
  return { ...imported, nodes: imported.nodes.map((n) => (at.get(n.id) ? { ...n, position: at.get(n.id) } : n)) };
}

type ImportWorkflow = (typeof import("@/lib/formats/import-workflow"))["importWorkflow"];

export function TextSourceView({ format }: { format: Exclude<ExportFormat, "ascii"> }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const exported = exportWorkflow(draft, format);
  const [text, setText] = useState(exported);
  const [shown, setShown] = useState(exported);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Diagnostic | null>(null);
  const importer = useRef<ImportWorkflow | null>(null);
  /** The text typed and not imported yet: leaving the tab imports it rather than dropping it. */
  const unapplied = useRef<string | null>(null);
  if (exported !== shown) {
    // The draft changed elsewhere (canvas, undo, or this view's own import): show it.
    setShown(exported);
    if (!pending) {
      setText(exported);
      setError(null);
    }
  }

  /** Imports `source`; the draft changes only when it reads without errors. Returns the first error. */
  const apply = useCallback(
    (source: string): Diagnostic | null => {
      const importWorkflow = importer.current;
      if (!importWorkflow) return null;
      unapplied.current = null;
      const result = importWorkflow({ filename: FILE_NAME[format], text: source });
      const first = result.diagnostics.find((d) => d.severity === "error");
      if (!result.template || first)
        return first ?? { severity: "error", code: "FMT000", message: "Nothing could be read." };
      const imported = keepPositions(result.template, store.getState().draft);
      store.getState().edit(() => imported, { coalesce: `view.${format}` });
      return null;
    },
    [format, store],
  );

  useEffect(() => {
    // Loaded when a text view opens: the importers (and the validator they run) stay out of the page's first load.
    let live = true;
    void import("@/lib/formats/import-workflow").then((m) => {
      if (live) importer.current = m.importWorkflow;
    });
    return () => {
      live = false;
      if (unapplied.current !== null) apply(unapplied.current);
    };
  }, [apply]);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      if (!importer.current) return; // still loading: the next keystroke (or leaving the tab) applies it
      setPending(false);
      setError(apply(text));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pending, text, apply]);

  return (
    <div className="text-view">
      <label htmlFor={`source-${format}`} className="field-label">
        {LABEL[format]}
      </label>
      <textarea
        id={`source-${format}`}
        className="code-input source-input"
        data-testid={`export-${format}`}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `source-${format}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          unapplied.current = e.target.value;
          setPending(true);
        }}
      />
      {error && (
        <p id={`source-${format}-error`} role="alert" className="field-error">
          {formatDiagnostic({ ...error, file: undefined })} — the canvas is unchanged.
        </p>
      )}
    </div>
  );
}

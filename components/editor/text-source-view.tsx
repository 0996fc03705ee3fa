"use client";
/**
 * An editable text view of the draft (Mermaid, YAML, JSON): it shows the draft in that format; an
 * edit is imported after a pause and becomes one undo step on the canvas (node positions kept by
 * id); a text that does not import shows its first error's line and column and changes nothing.
 */
import { useEffect, useState } from "react";
import { exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { importWorkflow } from "@/lib/formats/import-workflow";
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

export function TextSourceView({ format }: { format: Exclude<ExportFormat, "ascii"> }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const exported = exportWorkflow(draft, format);
  const [text, setText] = useState(exported);
  const [shown, setShown] = useState(exported);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Diagnostic | null>(null);
  if (exported !== shown) {
    // The draft changed elsewhere (canvas, undo, or this view's own import): show it.
    setShown(exported);
    if (!pending) {
      setText(exported);
      setError(null);
    }
  }
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      const result = importWorkflow({ filename: FILE_NAME[format], text });
      const first = result.diagnostics.find((d) => d.severity === "error");
      if (!result.template || first) {
        setError(first ?? { severity: "error", code: "FMT000", message: "Nothing could be read." });
        return;
      }
      setError(null);
      const imported = keepPositions(result.template, store.getState().draft);
      store.getState().edit(() => imported, { coalesce: `view.${format}` });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pending, text, format, store]);

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

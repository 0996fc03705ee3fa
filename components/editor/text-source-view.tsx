"use client";
/**
 * An editable text view of the draft (Mermaid, YAML, JSON): it shows the draft in that format; an
 * edit is imported after a pause and becomes one undo step on the canvas (node positions kept by
 * id); a text that does not import shows its first error's line and column and changes nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { keepUnchangedParts } from "@/lib/formats/keep-unchanged-parts";
import { formatDiagnostic, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";
import { useEditor, useEditorStore } from "./editor-provider";
import { importInWorker } from "./workflow-worker-client";

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

/** Per format, the text of drafts already exported or imported (drafts are immutable, so this never goes stale). */
const TEXT_OF: Record<Exclude<ExportFormat, "ascii">, WeakMap<Template, string>> = {
  mermaid: new WeakMap(),
  yaml: new WeakMap(),
  json: new WeakMap(),
};

function exportedText(draft: Template, format: Exclude<ExportFormat, "ascii">): string {
  const known = TEXT_OF[format].get(draft);
  if (known !== undefined) return known;
  const text = exportWorkflow(draft, format);
  TEXT_OF[format].set(draft, text);
  return text;
}

export function TextSourceView({ format }: { format: Exclude<ExportFormat, "ascii"> }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  // Exporting 1,000 nodes takes tens of milliseconds: once per draft, not once per keystroke — and
  // not at all for a draft this view just imported (its text is what was typed).
  const exported = useMemo(() => exportedText(draft, format), [draft, format]);
  const [text, setText] = useState(exported);
  const [shown, setShown] = useState(exported);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Diagnostic | null>(null);
  /** The text typed and not imported yet: leaving the tab imports it rather than dropping it. */
  const unapplied = useRef<string | null>(null);
  /** Only the answer to the latest import may change the draft. */
  const latest = useRef(0);
  if (exported !== shown) {
    // The draft changed elsewhere (canvas, undo, or this view's own import): show it.
    setShown(exported);
    if (!pending) {
      setText(exported);
      setError(null);
    }
  }

  /** Imports `source` (in the page's worker); the draft changes only when it reads without errors. */
  const apply = useCallback(
    async (source: string): Promise<Diagnostic | null> => {
      unapplied.current = null;
      const seq = ++latest.current;
      // User timings (wf-import: worker round trip, wf-apply: the store edit) for bench:ui and devtools.
      const t0 = performance.now();
      const result = await importInWorker(FILE_NAME[format], source);
      if (seq !== latest.current) return null;
      const first = result.diagnostics.find((d) => d.severity === "error");
      if (!result.template || first)
        return first ?? { severity: "error", code: "FMT000", message: "Nothing could be read." };
      const t1 = performance.now();
      // Positions kept by id; untouched nodes and edges stay the draft's objects (the canvas redraws only what changed).
      const imported = keepUnchangedParts(result.template, store.getState().draft);
      if (store.getState().edit(() => imported, { coalesce: `view.${format}` }))
        TEXT_OF[format].set(store.getState().draft, source);
      performance.measure("wf-import", { start: t0, end: t1 });
      performance.measure("wf-apply", { start: t1, end: performance.now() });
      return null;
    },
    [format, store],
  );

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (unapplied.current !== null) void apply(unapplied.current);
    };
  }, [apply]);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      void apply(text).then((problem) => mounted.current && setError(problem));
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

"use client";
/**
 * The ways into a new workflow (/compose): describe it in a sentence or a list (`compose.describe`:
 * the DAG with its assumptions and injected checkpoints), or import text or a file
 * (`compose.import`: Mermaid, playbook YAML, template JSON, with the files a playbook includes).
 * Either becomes one undo step on the editor; an empty canvas and the palette are the third way.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { guessImportFormat } from "@/lib/formats/guess-import-format";
import type { ImportFormat } from "@/lib/formats/import-workflow-text";
import { pickMainWorkflowFile } from "@/lib/formats/pick-main-workflow-file";
import { useTRPC } from "@/lib/trpc/client";
import { formatDiagnostic, hasErrors, type Diagnostic } from "@/lib/workflow/diagnostic";
import type { Template } from "@/lib/workflow/template-schema";
import { useEditor, useEditorStore } from "./editor-provider";

const FORMATS: { value: ImportFormat; label: string }[] = [
  { value: "mermaid", label: "Mermaid" },
  { value: "yaml", label: "Playbook YAML" },
  { value: "json", label: "Template JSON" },
];

function Problems({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <ul className="start-problems" aria-label="Import problems" role={hasErrors(diagnostics) ? "alert" : undefined}>
      {diagnostics.map((d, i) => (
        <li key={i}>
          <code>{formatDiagnostic(d)}</code>
        </li>
      ))}
    </ul>
  );
}

function DescribeBox() {
  const trpc = useTRPC();
  const store = useEditorStore();
  const [text, setText] = useState("");
  const [assumptions, setAssumptions] = useState<string[]>([]);
  const [failure, setFailure] = useState<string>();
  const describe = useMutation(trpc.compose.describe.mutationOptions());
  const submit = async () => {
    setFailure(undefined);
    try {
      const result = await describe.mutateAsync({ text });
      const template = result.template as Template;
      if (!store.getState().edit(() => template)) return;
      setAssumptions(result.assumptions.map((a) => (typeof a === "string" ? a : JSON.stringify(a))));
      store.getState().showReport({ checkpoints: result.checkpoints, removed: [] });
      store
        .getState()
        .notify(
          "info",
          `Described: ${template.nodes.length} nodes. Edit them on the canvas; Undo brings back the empty canvas.`,
        );
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <div className="start-describe">
      <label htmlFor="describe-text" className="field-label">
        Describe the workflow
      </label>
      <textarea
        id="describe-text"
        rows={3}
        value={text}
        placeholder="plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review"
        onChange={(e) => setText(e.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={describe.isPending || text.trim() === ""}
          onClick={() => void submit()}
        >
          Describe
        </button>
        {describe.isPending && <span className="muted small">Reading your description…</span>}
      </div>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      {assumptions.length > 0 && (
        <div>
          <h3 className="panel-subtitle">Assumptions</h3>
          <ul className="assumptions" aria-label="Assumptions">
            {assumptions.map((a, i) => (
              <li key={i}>{a}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function ImportBox({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const store = useEditorStore();
  const [text, setText] = useState("");
  const [format, setFormat] = useState<ImportFormat>("mermaid");
  const [picked, setPicked] = useState<{ filename?: string; files?: Record<string, string> }>({});
  const [problems, setProblems] = useState<Diagnostic[]>([]);
  const [failure, setFailure] = useState<string>();
  const importText = useMutation(trpc.compose.import.mutationOptions());
  const pickFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const main = files[pickMainWorkflowFile(files.map((f) => f.name))];
    const rest = files.filter((f) => f !== main);
    const mainText = await main.text();
    setText(mainText);
    setFormat(guessImportFormat(mainText, main.name));
    const others = Object.fromEntries(await Promise.all(rest.map(async (f) => [f.name, await f.text()] as const)));
    setPicked({ filename: main.name, ...(rest.length ? { files: others } : {}) });
  };
  const submit = async () => {
    setProblems([]);
    setFailure(undefined);
    try {
      const result = await importText.mutateAsync({ text, format, ...picked });
      setProblems(result.diagnostics);
      if (!result.template || hasErrors(result.diagnostics)) return;
      const template = result.template as Template;
      if (store.getState().edit(() => template)) {
        store
          .getState()
          .notify("info", `Imported ${template.nodes.length} nodes (Undo brings back the previous design).`);
        onDone();
      }
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <section className="start-import" aria-label="Import a workflow">
      <label className="field">
        <span className="field-label">Workflow file</span>
        <input
          type="file"
          multiple
          accept=".json,.mmd,.mermaid,.md,.yml,.yaml,text/*"
          onChange={(e) => void pickFiles(e.target.files)}
        />
        <span className="field-help">a playbook with !include: pick it together with the files it names</span>
      </label>
      <label className="field">
        <span className="field-label">Workflow text</span>
        <textarea
          rows={6}
          className="code-input"
          value={text}
          spellCheck={false}
          placeholder="Paste Mermaid, a YAML playbook or template JSON"
          onChange={(e) => {
            setText(e.target.value);
            setPicked({});
            setFormat(guessImportFormat(e.target.value));
          }}
        />
      </label>
      <label className="field">
        <span className="field-label">Format</span>
        <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
          {FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <Problems diagnostics={problems} />
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={importText.isPending || text.trim() === ""}
          onClick={() => void submit()}
        >
          Load into the editor
        </button>
      </div>
    </section>
  );
}

export function ComposeStart() {
  const empty = useEditor((s) => s.draft.nodes.length === 0);
  const [open, setOpen] = useState(empty);
  const [importing, setImporting] = useState(false);
  return (
    <section className="compose-start" aria-label="Start">
      <div className="button-row">
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide" : "Describe or import a workflow"}
        </button>
      </div>
      {open && (
        <div className="compose-start-body">
          <DescribeBox />
          <div className="start-or">
            <span className="muted small">or</span>
            <button type="button" className="button" aria-expanded={importing} onClick={() => setImporting(!importing)}>
              Import
            </button>
            <span className="muted small">
              paste text, pick a file, or drop a file on the canvas — or add nodes from the palette
            </span>
          </div>
          {importing && <ImportBox onDone={() => setImporting(false)} />}
        </div>
      )}
    </section>
  );
}

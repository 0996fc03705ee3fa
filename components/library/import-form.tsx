"use client";
/**
 * The import form: pick files or paste text, choose the format, `compose.import`, list the
 * problems with line and column. When the text imports without errors it hands the template to
 * `onTemplate` (the library saves and opens it; /compose loads it into the editor).
 * Extra picked files are what a playbook's `!include` lines name.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { guessImportFormat } from "@/lib/formats/guess-import-format";
import type { ImportFormat } from "@/lib/formats/import-workflow-text";
import { pickMainWorkflowFile } from "@/lib/formats/pick-main-workflow-file";
import { formatDiagnostic, hasErrors, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { ChoiceSelect } from "./library-choice-select";

const FORMATS: { value: ImportFormat; label: string }[] = [
  { value: "mermaid", label: "Mermaid" },
  { value: "yaml", label: "Playbook YAML" },
  { value: "json", label: "Template JSON" },
];

interface Picked {
  filename?: string;
  files?: Record<string, string>;
}

export interface ImportFormProps {
  /** The submit button's name, e.g. "Add to library". */
  submitLabel: string;
  /** Called with a template that imported without errors; a thrown error is shown in the form. */
  onTemplate: (template: Template, diagnostics: Diagnostic[]) => Promise<void>;
  /** Also hand over a template that was read but has validation errors (the library keeps it as a draft). */
  acceptErrors?: boolean;
  onClose?: () => void;
}

export function ImportForm({ submitLabel, onTemplate, acceptErrors, onClose }: ImportFormProps) {
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [format, setFormat] = useState<ImportFormat>("mermaid");
  const [picked, setPicked] = useState<Picked>({});
  const [problems, setProblems] = useState<Diagnostic[]>([]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const importText = useMutation(trpc.compose.import.mutationOptions());

  const pickFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const mainIndex = pickMainWorkflowFile(files.map((f) => f.name));
    const main = files[mainIndex];
    const rest = files.filter((_, i) => i !== mainIndex);
    const mainText = await main.text();
    const others = Object.fromEntries(await Promise.all(rest.map(async (f) => [f.name, await f.text()] as const)));
    setText(mainText);
    setFormat(guessImportFormat(mainText, main.name));
    setPicked({ filename: main.name, ...(rest.length ? { files: others } : {}) });
  };

  const submit = async () => {
    setProblems([]);
    setFailure(undefined);
    setBusy(true);
    try {
      const result = await importText.mutateAsync({ text, format, ...picked });
      setProblems(result.diagnostics);
      if (result.template && (acceptErrors || !hasErrors(result.diagnostics)))
        await onTemplate(result.template, result.diagnostics);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-label="Import a workflow">
      <label className="field">
        Workflow file
        <input
          type="file"
          multiple
          accept=".json,.mmd,.mermaid,.md,.yml,.yaml,text/*"
          onChange={(e) => void pickFiles(e.target.files)}
        />
      </label>
      <p className="small muted">
        A playbook whose tasks use <code>!include</code>: pick it together with the files it names.
      </p>
      <label className="field">
        Workflow text
        <textarea
          rows={10}
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
      <ChoiceSelect label="Format" value={format} onChange={(f) => setFormat(f as ImportFormat)} choices={FORMATS} />
      {problems.length > 0 && (
        <ul aria-label="Import problems" role={hasErrors(problems) ? "alert" : undefined}>
          {problems.map((d, i) => (
            <li key={i}>
              <code>{formatDiagnostic(d)}</code>
            </li>
          ))}
        </ul>
      )}
      {failure && <p role="alert">{failure}</p>}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || text.trim() === ""}
          onClick={() => void submit()}
        >
          {submitLabel}
        </button>
        {onClose && (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </section>
  );
}

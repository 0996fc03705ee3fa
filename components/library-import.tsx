"use client";
/**
 * Import into the library: paste text or pick files → `compose.import` → `template.save` → open
 * the template. Problems are listed with line and column; nothing is saved while any is an error.
 * Extra picked files are what a playbook's `!include` lines name.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { guessImportFormat } from "@/lib/formats/guess-import-format";
import { pickMainWorkflowFile } from "@/lib/formats/pick-main-workflow-file";
import type { ImportFormat } from "@/lib/formats/import-workflow-text";
import { formatDiagnostic, hasErrors, type Diagnostic } from "@/lib/workflow/diagnostic";
import { useTRPC } from "@/lib/trpc/client";

const FORMATS: { value: ImportFormat; label: string }[] = [
  { value: "mermaid", label: "Mermaid" },
  { value: "yaml", label: "Playbook YAML" },
  { value: "json", label: "Template JSON" },
];

interface Picked {
  filename?: string;
  files?: Record<string, string>;
}

export function LibraryImport() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [format, setFormat] = useState<ImportFormat>("mermaid");
  const [picked, setPicked] = useState<Picked>({});
  const [problems, setProblems] = useState<Diagnostic[]>([]);
  const [failure, setFailure] = useState<string>();
  const importText = useMutation(trpc.compose.import.mutationOptions());
  const save = useMutation(trpc.template.save.mutationOptions());
  const busy = importText.isPending || save.isPending;

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
    try {
      const result = await importText.mutateAsync({ text, format, ...picked });
      setProblems(result.diagnostics);
      if (!result.template || hasErrors(result.diagnostics)) return;
      const saved = await save.mutateAsync({ template: result.template });
      await queryClient.invalidateQueries({ queryKey: trpc.template.list.queryKey() });
      router.push(`/templates/${encodeURIComponent(saved.id)}`);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };

  if (!open)
    return (
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Import
      </button>
    );
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
      <label className="field">
        Format
        <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
          {FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
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
          {busy ? "Adding…" : "Add to library"}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </section>
  );
}

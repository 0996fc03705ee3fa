"use client";
/**
 * The ways into a workflow, in a drawer above the canvas: describe it in a sentence or a list
 * (`compose.describe`: the DAG with its assumptions and injected checkpoints), or import text or a
 * file (`compose.import`: Mermaid, playbook YAML, template JSON, with the files a playbook includes).
 * Either becomes one undo step on the editor; the palette and the node creator are the third way.
 * The drawer is open on an empty canvas and folds once the canvas has nodes (the editor decides).
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { Template } from "@/lib/workflow/model/template-schema";
import { ImportForm } from "@/components/library/import-form";
import { showInjection } from "@/lib/stores/editor-commands";
import { useEditorStore } from "./editor-provider";

function DescribeBox() {
  const trpc = useTRPC();
  const store = useEditorStore();
  const [text, setText] = useState("");
  const [failure, setFailure] = useState<string>();
  const describe = useMutation(trpc.compose.describe.mutationOptions());
  const submit = async () => {
    setFailure(undefined);
    try {
      const result = await describe.mutateAsync({ text });
      const template = result.template as Template;
      if (!store.getState().edit(() => template)) return;
      store.getState().setAssumptions(result.assumptions.map((a) => (typeof a === "string" ? a : JSON.stringify(a))));
      showInjection(store, { checkpoints: result.checkpoints, removed: [] });
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
    </div>
  );
}

/** The shared import form, loading what it reads into the editor (one undo step). */
function ImportBox({ onDone }: { onDone: () => void }) {
  const store = useEditorStore();
  const load = async (template: Template) => {
    if (store.getState().edit(() => template)) {
      store
        .getState()
        .notify("info", `Imported ${template.nodes.length} nodes (Undo brings back the previous design).`);
      onDone();
    }
  };
  return <ImportForm submitLabel="Load into the editor" onTemplate={load} onClose={onDone} />;
}

export function ComposeStart({ onClose }: { onClose: () => void }) {
  const [importing, setImporting] = useState(false);
  return (
    <section className="compose-start" aria-label="Start" id="start-drawer">
      <div className="compose-start-body">
        <DescribeBox />
        <div className="start-or">
          <span className="muted small">or</span>
          <button type="button" className="button" aria-expanded={importing} onClick={() => setImporting(!importing)}>
            Import
          </button>
          <span className="muted small">
            paste text, pick a file, or drop a file on the canvas — or add nodes from the palette (or press Tab)
          </span>
          <button type="button" className="link-button push-right" onClick={onClose} title="Fold this drawer away">
            Hide
          </button>
        </div>
        {importing && <ImportBox onDone={() => setImporting(false)} />}
      </div>
    </section>
  );
}

"use client";
/**
 * The visual editor (`/compose`, `/templates/[id]`): palette, canvas, inspector, problems, text
 * views, save and run. Everything it changes goes through the editor store's commands.
 */
import { useQuery } from "@tanstack/react-query";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import Link from "next/link";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import {
  addNode,
  copySelection,
  deleteSelection,
  duplicateSelection,
  layout,
  pasteText,
  selectAll,
} from "@/lib/stores/editor-commands";
import type { ShortcutCommand } from "@/lib/stores/editor-shortcuts";
import { useCan } from "@/components/app-shell/session-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatDiagnostic, hasErrors } from "@/lib/workflow/model/diagnostic";
import type { NodeType } from "@/lib/workflow/model/template-schema";
import { RunForm } from "@/components/run/run-form";
import { CheckpointReportDialog } from "./checkpoint-report-dialog";
import { EditorCanvas } from "./editor-canvas";
import { EditorNotice } from "./editor-notice";
import { useEditor, useEditorStore } from "./editor-provider";
import { EditorToolbar } from "./editor-toolbar";
import { Inspector } from "./inspector";
import { NodePalette } from "./node-palette";
import { ProblemsPanel } from "./problems-panel";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { TextViews, type ViewTab } from "./text-views";
import { useDraftValidation } from "./use-draft-validation";
import { useEditorKeyboard } from "./use-editor-keyboard";
import { useLocalDraft } from "./use-local-draft";
import { useSaveDraft } from "./use-save-draft";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { importInWorker } from "./workflow-worker-client";

const MAX_DROP_BYTES = 5 * 1024 * 1024;

function EditorBody({
  sidebar,
  storageId,
  initialRunOpen,
  start,
}: {
  sidebar?: ReactNode;
  storageId: string | null;
  initialRunOpen?: boolean;
  start?: ReactNode;
}) {
  const store = useEditorStore();
  const trpc = useTRPC();
  const canEdit = useCan("editor");
  const flow = useReactFlow();
  const canvasRef = useRef<HTMLDivElement>(null);
  const name = useEditor((s) => s.draft.name);
  const version = useEditor((s) => s.version);
  const templateId = useEditor((s) => s.templateId);
  const dirty = useEditor((s) => s.draft !== s.saved);
  const diagnostics = useEditor((s) => s.diagnostics);
  const errors = hasErrors(diagnostics);
  const [tab, setTab] = useState<ViewTab>("canvas");
  const [help, setHelp] = useState(false);
  const [runOpen, setRunOpen] = useState(initialRunOpen ?? false);
  const catalog = useQuery(trpc.catalog.list.queryOptions(undefined, { staleTime: 60_000 }));
  const { save, saving } = useSaveDraft(store);

  useDraftValidation(store);
  useLocalDraft(store, storageId);
  useUnsavedGuard();

  const centre = useCallback(() => {
    const box = canvasRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  }, [flow]);
  const add = useCallback(
    (type: NodeType, executor?: string) => void addNode(store, type, centre(), executor),
    [store, centre],
  );
  const fitView = useCallback(() => store.getState().reveal([]), [store]);
  const copy = useCallback(() => {
    const text = copySelection(store);
    if (text !== null)
      void navigator.clipboard
        ?.writeText(text)
        .catch(() => store.getState().notify("error", "The browser refused the clipboard."));
  }, [store]);
  const paste = useCallback(() => {
    if (!navigator.clipboard?.readText)
      return store.getState().notify("error", "This browser cannot read the clipboard here: use Ctrl/⌘ V.");
    navigator.clipboard
      .readText()
      .then((text) => pasteText(store, text))
      .catch(() => store.getState().notify("error", "The browser refused to read the clipboard: use Ctrl/⌘ V."));
  }, [store]);
  const onDropFiles = useCallback(
    async (files: File[]) => {
      const file = files[0];
      if (file.size > MAX_DROP_BYTES)
        return store
          .getState()
          .notify("error", `${file.name} is ${(file.size / 1048576).toFixed(1)} MB; a workflow file is at most 5 MB.`);
      const result = await importInWorker(file.name, await file.text());
      if (!result.template) {
        const first = result.diagnostics.find((d) => d.severity === "error") ?? result.diagnostics[0];
        return store
          .getState()
          .notify(
            "error",
            `${file.name} is not a workflow: ${first ? formatDiagnostic({ ...first, file: file.name }) : "nothing could be read"}`,
          );
      }
      const imported = result.template;
      if (store.getState().edit(() => imported))
        store
          .getState()
          .notify(
            "info",
            `Imported ${file.name}: ${imported.nodes.length} nodes (Undo brings back the previous design).`,
          );
    },
    [store],
  );

  const handlers = useMemo<Partial<Record<ShortcutCommand, (shift: boolean) => void>>>(
    () => ({
      add: () => document.querySelector<HTMLButtonElement>('[aria-label="Palette"] button')?.focus(),
      delete: () => deleteSelection(store),
      duplicate: () => duplicateSelection(store),
      selectAll: () => selectAll(store),
      undo: () => store.getState().undo(),
      redo: () => store.getState().redo(),
      save: () => void save(),
      layout: (shift) => layout(store, shift ? "TB" : "LR"),
      fitView,
      help: () => setHelp(true),
    }),
    [store, fitView, save],
  );
  useEditorKeyboard(store, handlers);

  const run = async () => {
    if (runOpen) return setRunOpen(false);
    if (dirty || !templateId) {
      if (!(await save())) return;
    }
    setRunOpen(true);
  };

  return (
    <div className="editor">
      <div className="editor-head">
        <p className="muted small">
          <Link href="/templates">Templates</Link> / {templateId ? name : "New workflow"}
        </p>
        <div className="title-row">
          <h1>{name || "Untitled workflow"}</h1>
          {version !== null && <span className="badge">v{version}</span>}
          {dirty && (
            <span className="badge badge-warn" title="Saved in this browser until you press Save">
              Unsaved changes
            </span>
          )}
          {!canEdit && (
            <span className="badge" title="Your role can look, not change or run">
              Read only
            </span>
          )}
          <div className="push-right button-row" style={canEdit ? undefined : { display: "none" }}>
            <button
              type="button"
              className="button"
              onClick={() => void save()}
              disabled={saving}
              title="Save (Ctrl/⌘ S)"
            >
              Save
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void run()}
              disabled={errors || saving}
              aria-expanded={runOpen}
              title={errors ? "Fix the errors listed under Problems before running" : "Run this workflow"}
            >
              Run…
            </button>
          </div>
        </div>
        {runOpen && templateId && <RunForm templateId={templateId} template={store.getState().draft} />}
        <EditorToolbar onFitView={fitView} onCopy={copy} onPaste={paste} onHelp={() => setHelp(true)} />
        {start}
        <EditorNotice />
      </div>
      <div className="editor-grid">
        <NodePalette onAdd={add} catalog={catalog.data?.items ?? []} />
        <div className="editor-centre">
          <TextViews tab={tab} onTab={setTab}>
            <div ref={canvasRef} className="canvas-slot">
              <EditorCanvas onDropFiles={onDropFiles} />
            </div>
          </TextViews>
          <ProblemsPanel />
        </div>
        <div className="editor-side">
          <Inspector />
          {sidebar}
        </div>
      </div>
      <CheckpointReportDialog />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}

/** The editor for one draft; `sidebar` (versions) is rendered under the inspector. */
export function WorkflowEditor(props: {
  sidebar?: ReactNode;
  storageId: string | null;
  initialRunOpen?: boolean;
  /** Shown above the canvas: the ways into a new workflow on /compose. */
  start?: ReactNode;
}) {
  return (
    <ReactFlowProvider>
      <EditorBody {...props} />
    </ReactFlowProvider>
  );
}

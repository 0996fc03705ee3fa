"use client";
/**
 * The visual editor (`/compose`, `/templates/[id]`) as one screen: the editor bar (title, toolbar,
 * Save, Run…), the palette on the left, the canvas (with the start drawer above it and the Problems
 * drawer below), the side panel on the right (inspector, the template's runs, its versions). The
 * page never scrolls; each panel scrolls on its own. Everything it changes goes through the editor
 * store's commands.
 */
import { useQuery } from "@tanstack/react-query";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Rect } from "@/lib/canvas/free-spot";
import {
  addNode,
  copySelection,
  deleteSelection,
  duplicateSelection,
  layout,
  pasteText,
  selectAll,
} from "@/lib/stores/editor-commands";
import { addStickyNote } from "@/lib/stores/editor-placement";
import type { ShortcutCommand } from "@/lib/stores/editor-shortcuts";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { SimulationPanel } from "@/components/simulate/simulation-panel";
import { useSimulation } from "@/components/simulate/use-simulation";
import { formatDiagnostic } from "@/lib/workflow/model/diagnostic";
import type { NodeType } from "@/lib/workflow/model/template-schema";
import { CheckpointReportDialog } from "./checkpoint-report-dialog";
import { ComposeStart } from "./compose-start";
import { EditorBar } from "./editor-bar";
import { EditorCanvas } from "./editor-canvas";
import { EditorNotice } from "./editor-notice";
import { useEditor, useEditorStore } from "./editor-provider";
import { EditorSideTabs, type SideTab } from "./editor-side-tabs";
import { FindNodeBar } from "./find-node-bar";
import { NodeCreator } from "./node-creator";
import { NodePalette } from "./node-palette";
import { ProblemsPanel } from "./problems-panel";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { SidePanel } from "./side-panel";
import { TextViews, type ViewTab } from "./text-views";
import { useDraftValidation } from "./use-draft-validation";
import { useEditorKeyboard } from "./use-editor-keyboard";
import { useLocalDraft } from "./use-local-draft";
import { useSaveDraft } from "./use-save-draft";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { importInWorker } from "./workflow-worker-client";

const MAX_DROP_BYTES = 5 * 1024 * 1024;
/** New nodes keep clear of the canvas's edges and of the minimap and zoom buttons along its bottom. */
const INSET = { top: 16, left: 16, right: 16, bottom: 110 };

interface EditorProps {
  /** The version history (a saved template), shown as the side panel's Versions tab. */
  versions?: ReactNode;
  storageId: string | null;
  initialRunOpen?: boolean;
  /** Above the workspace: the restored-draft banner. */
  banner?: ReactNode;
  /** In the editor bar, after the title: the template page's tabs (Workflow, Triggers). */
  tabs?: ReactNode;
}

/** The start drawer: open on an empty canvas, folded once the canvas has nodes (the toolbar reopens it). */
function useStartDrawer() {
  const empty = useEditor((s) => s.draft.nodes.length === 0);
  const [open, setOpen] = useState(empty);
  const wasEmpty = useRef(empty);
  useEffect(() => {
    if (wasEmpty.current && !empty) setOpen(false);
    wasEmpty.current = empty;
  }, [empty]);
  return [open, setOpen] as const;
}

function EditorBody({ versions, storageId, initialRunOpen, banner, tabs }: EditorProps) {
  const store = useEditorStore();
  const trpc = useTRPC();
  const flow = useReactFlow();
  const canvasRef = useRef<HTMLDivElement>(null);
  const templateId = useEditor((s) => s.templateId);
  const dirty = useEditor((s) => s.draft !== s.saved);
  const [tab, setTab] = useState<ViewTab>("canvas");
  const [sideTab, setSideTab] = useState<SideTab>("inspector");
  const [help, setHelp] = useState(false);
  const [finding, setFinding] = useState(false);
  const [startOpen, setStartOpen] = useStartDrawer();
  const [runOpen, setRunOpen] = useState(initialRunOpen ?? false);
  const catalog = useQuery(trpc.catalog.list.queryOptions(undefined, { staleTime: 60_000 }));
  const catalogItems = useMemo(() => catalog.data?.items ?? [], [catalog.data]);
  const { save, saving } = useSaveDraft(store);
  const simulation = useSimulation(store);
  const simulatedStale = useEditor((s) => s.simulation !== null && s.simulation.draft !== s.draft);
  const nodes = useEditor((s) => s.draft.nodes);
  const names = useMemo(() => Object.fromEntries(nodes.map((n) => [n.id, n.name])), [nodes]);
  const whatIf = useEditor((s) => s.whatIf);
  const simulate = useRef(simulation.run);
  simulate.current = simulation.run;
  useEffect(() => {
    if (!whatIf) return;
    simulate.current({ [whatIf.nodeId]: { status: "failed" } });
    setSideTab("simulation");
  }, [whatIf]);

  useDraftValidation(store);
  useLocalDraft(store, storageId);
  useUnsavedGuard();

  /** The part of the canvas on screen, in flow coordinates (less a margin and the bottom controls). */
  const visible = useCallback((): Rect | undefined => {
    const box = canvasRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return undefined;
    const a = flow.screenToFlowPosition({ x: box.left + INSET.left, y: box.top + INSET.top });
    const b = flow.screenToFlowPosition({ x: box.right - INSET.right, y: box.bottom - INSET.bottom });
    return { x: a.x, y: a.y, width: Math.max(0, b.x - a.x), height: Math.max(0, b.y - a.y) };
  }, [flow]);
  const add = useCallback(
    (type: NodeType, executor?: string) => {
      const view = visible();
      const centre = view ? { x: view.x + view.width / 2, y: view.y + view.height / 2 } : { x: 0, y: 0 };
      addNode(store, type, centre, executor, view);
    },
    [store, visible],
  );
  // Back to the canvas after the creator or find.
  const focusCanvas = useCallback(() => canvasRef.current?.focus({ preventScroll: true }), []);
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
  const zoomSelection = useCallback(() => {
    const { selection, notify, reveal } = store.getState();
    if (selection.nodes.length === 0) return notify("info", "Select nodes to zoom to.");
    reveal(selection.nodes);
  }, [store]);
  const note = useCallback(() => {
    setTab("canvas");
    addStickyNote(store, visible());
  }, [store, visible]);
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
      creator: () => {
        setTab("canvas");
        store.getState().openCreator({ mode: "add" });
      },
      find: () => {
        setTab("canvas");
        setFinding(true);
      },
      zoomSelection,
      note,
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
    [store, fitView, save, zoomSelection, note],
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
    <div className="editor workspace">
      {banner}
      <EditorBar
        tabs={tabs}
        save={() => void save()}
        saving={saving}
        runOpen={runOpen}
        onRun={() => void run()}
        onSimulate={() => {
          simulation.run();
          setSideTab("simulation");
        }}
        simulating={simulation.pending}
        onVersions={versions ? () => setSideTab("versions") : undefined}
        onFitView={fitView}
        onZoomSelection={zoomSelection}
        onFind={() => setFinding(true)}
        onNote={note}
        onCopy={copy}
        onPaste={paste}
        onHelp={() => setHelp(true)}
        startOpen={startOpen}
        onToggleStart={() => setStartOpen(!startOpen)}
      />
      <div className="workspace-body">
        <SidePanel id="palette" side="left" title="palette" defaultWidth={168} min={132} max={360}>
          <NodePalette onAdd={add} catalog={catalogItems} />
        </SidePanel>
        <div className="editor-centre">
          {startOpen && <ComposeStart onClose={() => setStartOpen(false)} />}
          <TextViews tab={tab} onTab={setTab}>
            <div ref={canvasRef} className="canvas-slot" tabIndex={-1}>
              <EditorCanvas onDropFiles={onDropFiles} visible={visible} />
              <NodeCreator catalog={catalogItems} visible={visible} onClosed={focusCanvas} />
              {finding && (
                <FindNodeBar
                  onClose={() => {
                    setFinding(false);
                    focusCanvas();
                  }}
                />
              )}
            </div>
          </TextViews>
          <EditorNotice />
          <ProblemsPanel />
        </div>
        <SidePanel id="side" side="right" title="side panel" defaultWidth={312} min={240} max={640}>
          <EditorSideTabs
            tab={sideTab}
            onTab={setSideTab}
            templateId={templateId}
            versions={versions}
            simulation={
              simulation.open ? (
                <SimulationPanel
                  result={simulation.result}
                  error={simulation.error}
                  pending={simulation.pending}
                  assumed={simulation.assumed}
                  failing={simulation.failing}
                  given={simulation.given}
                  names={names}
                  stale={simulatedStale}
                  onClose={() => {
                    simulation.close();
                    setSideTab("inspector");
                  }}
                />
              ) : undefined
            }
          />
        </SidePanel>
      </div>
      <CheckpointReportDialog />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}

/** The editor for one draft. */
export function WorkflowEditor(props: EditorProps) {
  return (
    <ReactFlowProvider>
      <EditorBody {...props} />
    </ReactFlowProvider>
  );
}

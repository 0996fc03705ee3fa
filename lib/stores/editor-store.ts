/**
 * The editor's store (docs/ui.md): the draft template is the source of truth; selection, undo/redo
 * history, the transient drag and the validator's last answer sit beside it. Every edit is a pure
 * function of lib/workflow applied through `edit`, so each is one undo step, and a refused edit (a
 * RangeError such as a cycle) leaves the draft as it was and says why. Created per provider.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "@/lib/canvas/auto-layout";
import { placeUnpositioned } from "@/lib/canvas/place-unpositioned";
import { edgeEndsOf, type Highlight, type SimulationOverlay, type StatusById } from "@/lib/canvas/project-template";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { InjectionReport } from "@/lib/workflow/checkpoints/inject-checkpoints";
import { moveNodes } from "@/lib/workflow/edit/move-nodes";
import { moveNotes, notesFollowNodes, readNotes, updateNote } from "@/lib/workflow/edit/sticky-notes";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { SimulationMock } from "@/lib/workflow/simulate/simulation-input";
import { emptyHistory, recordEdit, redoStep, undoStep, type History } from "./editor-history";

export interface Selection {
  nodes: string[];
  /** Canvas edge ids (`from->to`). */
  edges: string[];
}
export interface Notice {
  id: number;
  kind: "info" | "error";
  text: string;
}
export type XY = { x: number; y: number };

/** Canvas ids of sticky notes: `note:<note id>` (their React Flow node ids). */
export const NOTE_PREFIX = "note:";

/** What opened the node creator, and so what its choice does. */
export type CreatorRequest =
  /** Tab or `/`: after the selected node (connected) when one is selected, else at the centre of the view. */
  | { mode: "add" }
  /** A connection dropped on empty canvas at `at` (flow coordinates), dragged out of `from` or into `to`. */
  | { mode: "connect"; at: XY; from?: string; to?: string }
  /** The `+` on an edge (canvas edge id): the new node goes into it. */
  | { mode: "edge"; edge: string };

/** How a focus request moves the view. */
export type FocusMode = "fit" | "reveal";

export interface EditOptions {
  /** Consecutive edits with the same key are one undo step (typing into a field). */
  coalesce?: string;
  /** The selection after the edit (default: the current one, less what no longer exists). */
  select?: Selection;
}

export interface EditorState {
  draft: Template;
  /** The draft as last loaded or saved; `draft !== saved` means unsaved changes. */
  saved: Template | null;
  /** Database id and version of the template being edited (null on `/compose` until saved). */
  templateId: string | null;
  version: number | null;
  history: History;
  selection: Selection;
  dragging: Record<string, XY> | null;
  diagnostics: Diagnostic[];
  /** The draft the diagnostics were computed for. */
  validated: Template | null;
  notice: Notice | null;
  report: InjectionReport | null;
  /**
   * A request to bring nodes into view; `seq` makes each one new. `fit` zooms to them (problems,
   * auto-layout, zoom to selection), `reveal` pans only when they are not fully on screen (a new
   * node). Find centres its node itself (components/editor/find-node-bar.tsx).
   */
  focus: { ids: string[]; seq: number; mode: FocusMode } | null;
  /** Selected sticky notes (their note ids). */
  selectedNotes: string[];
  /** The node creator, when open. */
  creator: CreatorRequest | null;
  /** The canvas edge under the pointer (its `+` shows). */
  hoverEdge: string | null;
  /** What describe assumed about the last description (shown over the canvas until dismissed). */
  assumptions: string[] | null;
  /** Statuses of a run chosen in the Runs list, shown on the canvas; null when none is. */
  runStatuses: StatusById | null;
  /** What Simulate predicted for the draft it was asked about, shown on the canvas; null when none. */
  simulation: (SimulationOverlay & { draft: Template }) | null;
  /** A node's "What if this fails?" asked (the editor then simulates its failure); `seq` makes each ask new. */
  whatIf: { nodeId: string; seq: number } | null;
  /** Outcomes pinned in the inspector for the next simulations (not part of the template; a run ignores them). */
  pinnedMocks: Readonly<Record<string, SimulationMock>>;
  /** Nodes marked on the canvas by a version diff. */
  highlight: ReadonlyMap<string, Highlight> | null;

  /** Applies a pure edit as one undo step; returns false (and says why) when it is refused. */
  edit(fn: (t: Template) => Template, options?: EditOptions): boolean;
  undo(): void;
  redo(): void;
  select(selection: Selection): void;
  /** Moves nodes while a drag is under way (not recorded) … */
  drag(positions: Record<string, XY>): void;
  /** … and records the drag as one undo step when it ends (keys `note:<id>` move sticky notes). */
  endDrag(positions: Record<string, XY>): void;
  /** A sticky note resized on the canvas (one undo step). */
  resizeNote(id: string, size: { width: number; height: number }, position?: XY): void;
  notify(kind: Notice["kind"], text: string): void;
  setDiagnostics(template: Template, diagnostics: Diagnostic[]): void;
  /** Replaces the draft without an undo step (loading, restoring a local draft). */
  replace(template: Template, saved?: Template | null): void;
  markSaved(template: Template, templateId: string, version: number): void;
  showReport(report: InjectionReport | null): void;
  /** Selects `ids` (when given) and asks the canvas to bring them into view (all nodes when empty). */
  reveal(ids: string[], select?: boolean, mode?: FocusMode): void;
  selectNotes(ids: string[]): void;
  openCreator(request: CreatorRequest): void;
  closeCreator(): void;
  setHoverEdge(id: string | null): void;
  setRunStatuses(statuses: StatusById | null): void;
  setSimulation(simulation: (SimulationOverlay & { draft: Template }) | null): void;
  askWhatIf(nodeId: string): void;
  /** Pins (or, with null, unpins) a node's simulated outcome. */
  pinMock(nodeId: string, mock: SimulationMock | null): void;
  setAssumptions(assumptions: string[] | null): void;
  setHighlight(highlight: ReadonlyMap<string, Highlight> | null): void;
}

export type EditorStore = StoreApi<EditorState>;

const NO_SELECTION: Selection = { nodes: [], edges: [] };
let noticeId = 0;

function pruneSelection(selection: Selection, template: Template): Selection {
  const ids = new Set(template.nodes.map((n) => n.id));
  const nodes = selection.nodes.filter((id) => ids.has(id));
  const edges = selection.edges.filter((id) => {
    const { from, to } = edgeEndsOf(id);
    return ids.has(from) && ids.has(to);
  });
  return nodes.length === selection.nodes.length && edges.length === selection.edges.length
    ? selection
    : { nodes, edges };
}

/** The top-left corner that puts a node's centre on `point`. */
export function centredAt(point: XY): XY {
  return { x: point.x - DEFAULT_NODE_WIDTH / 2, y: point.y - DEFAULT_NODE_HEIGHT / 2 };
}

export function createEditorStore(init: {
  template: Template;
  templateId?: string | null;
  version?: number | null;
  /** The saved template the draft started from, when it differs (a restored local draft). */
  saved?: Template | null;
}): EditorStore {
  const first = placeUnpositioned(init.template);
  return createStore<EditorState>()((set, get) => {
    /** Undo or redo: the other draft, the history after it, the selection less what is gone. */
    const travel = (step: typeof undoStep, nothing: string) => {
      const { draft, history, selection } = get();
      const to = step(history, draft);
      if (!to) return get().notify("info", nothing);
      set({
        draft: to.template,
        history: to.history,
        selection: pruneSelection(selection, to.template),
        dragging: null,
      });
    };
    return {
      draft: first,
      saved: init.saved === undefined ? first : init.saved,
      templateId: init.templateId ?? null,
      version: init.version ?? null,
      history: emptyHistory(),
      selection: NO_SELECTION,
      dragging: null,
      diagnostics: [],
      validated: null,
      notice: null,
      report: null,
      focus: null,
      highlight: null,
      selectedNotes: [],
      creator: null,
      hoverEdge: null,
      runStatuses: null,
      simulation: null,
      whatIf: null,
      pinnedMocks: {},
      assumptions: null,

      edit(fn, options = {}) {
        const { draft, history, selection } = get();
        let next: Template;
        try {
          next = placeUnpositioned(fn(draft));
        } catch (err) {
          if (!(err instanceof RangeError)) throw err;
          get().notify("error", err.message.replace(/^\w+: /, ""));
          return false;
        }
        if (next === draft) {
          if (options.select) set({ selection: options.select });
          return true;
        }
        set({
          draft: next,
          history: recordEdit(history, draft, options.coalesce ?? null),
          selection: pruneSelection(options.select ?? selection, next),
        });
        return true;
      },
      undo() {
        travel(undoStep, "Nothing to undo.");
      },
      redo() {
        travel(redoStep, "Nothing to redo.");
      },
      select(selection) {
        const current = get().selection;
        const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
        if (same(current.nodes, selection.nodes) && same(current.edges, selection.edges)) return;
        set({ selection, history: { ...get().history, coalesce: null } });
      },
      drag(positions) {
        set({ dragging: { ...get().dragging, ...positions } });
      },
      endDrag(positions) {
        const all = { ...get().dragging, ...positions };
        set({ dragging: null });
        const nodes: Record<string, XY> = {};
        const notes: Record<string, XY> = {};
        for (const [id, p] of Object.entries(all))
          if (id.startsWith(NOTE_PREFIX)) notes[id.slice(NOTE_PREFIX.length)] = p;
          else nodes[id] = p;
        // A moved node takes its notes along, unless they were dragged too.
        get().edit((t) => {
          const moved = moveNodes(t, nodes);
          const followed = moved === t ? t : notesFollowNodes(t, moved);
          return moveNotes(followed, notes);
        });
      },
      resizeNote(id, size, position) {
        get().edit((t) => (readNotes(t).some((n) => n.id === id) ? updateNote(t, id, { size, position }) : t));
      },
      notify(kind, text) {
        set({ notice: { id: ++noticeId, kind, text } });
      },
      setDiagnostics(template, diagnostics) {
        set({ validated: template, diagnostics });
      },
      replace(template, saved) {
        const placed = placeUnpositioned(template);
        set({
          draft: placed,
          saved: saved === undefined ? get().saved : saved,
          history: emptyHistory(),
          selection: NO_SELECTION,
          dragging: null,
        });
      },
      markSaved(template, templateId, version) {
        set({ saved: template, templateId, version });
      },
      showReport(report) {
        set({ report });
      },
      setHighlight(highlight) {
        set({ highlight });
      },
      reveal(ids, select = false, mode = "fit") {
        const seq = (get().focus?.seq ?? 0) + 1;
        set({ focus: { ids, seq, mode }, ...(select ? { selection: { nodes: ids, edges: [] } } : {}) });
      },
      selectNotes(ids) {
        const current = get().selectedNotes;
        if (current.length === ids.length && current.every((id, i) => id === ids[i])) return;
        set({ selectedNotes: ids });
      },
      openCreator(request) {
        set({ creator: request });
      },
      closeCreator() {
        if (get().creator) set({ creator: null });
      },
      setHoverEdge(id) {
        if (get().hoverEdge !== id) set({ hoverEdge: id });
      },
      setRunStatuses(statuses) {
        set({ runStatuses: statuses });
      },
      setSimulation(simulation) {
        set({ simulation });
      },
      askWhatIf(nodeId) {
        set({ whatIf: { nodeId, seq: (get().whatIf?.seq ?? 0) + 1 } });
      },
      pinMock(nodeId, mock) {
        const { [nodeId]: _unpinned, ...rest } = get().pinnedMocks;
        set({ pinnedMocks: mock ? { ...rest, [nodeId]: mock } : rest });
      },
      setAssumptions(assumptions) {
        set({ assumptions });
      },
    };
  });
}

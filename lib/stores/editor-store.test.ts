import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import {
  addNode,
  connect,
  copySelection,
  deleteSelection,
  duplicateSelection,
  injectCheckpointsInto,
  insertAfter,
  pasteText,
  removeWithRewire,
} from "./editor-commands";
import { createEditorStore } from "./editor-store";

//   A → B
const store = () => createEditorStore({ template: graph("ab").chain("A", "B").build() });
const ids = (s: ReturnType<typeof store>) => s.getState().draft.nodes.map((n) => n.id);

describe("editor store", () => {
  it("lays out a template without positions once, when it is loaded", () => {
    const s = store();
    expect(s.getState().draft.nodes.every((n) => n.position)).toBe(true);
    expect(s.getState().saved).toBe(s.getState().draft);
  });

  it("every edit is one undo step; undo and redo restore the exact drafts", () => {
    const s = store();
    const start = s.getState().draft;
    const id = addNode(s, "shell", { x: 500, y: 100 });
    expect(s.getState().selection.nodes).toEqual([id]);
    connect(s, "B", id);
    const connected = s.getState().draft;
    s.getState().undo();
    expect(s.getState().draft.edges).toHaveLength(1);
    s.getState().undo();
    expect(s.getState().draft).toBe(start);
    expect(s.getState().selection.nodes).toEqual([]);
    s.getState().redo();
    s.getState().redo();
    expect(s.getState().draft).toBe(connected);
  });

  it("a refused edit changes nothing, records nothing and says why", () => {
    const s = store();
    const before = s.getState().draft;
    expect(connect(s, "B", "A")).toBe(false);
    expect(s.getState().draft).toBe(before);
    expect(s.getState().history.past).toHaveLength(0);
    expect(s.getState().notice).toMatchObject({ kind: "error" });
    expect(s.getState().notice?.text).toContain("cycle");
  });

  it("typing into one field is one undo step; another field starts a new one", () => {
    const s = store();
    const edit = (name: string, key: string) => s.getState().edit((t) => ({ ...t, name }), { coalesce: key });
    edit("a", "name");
    edit("ab", "name");
    edit("abc", "name");
    edit("x", "description");
    expect(s.getState().history.past).toHaveLength(2);
    s.getState().undo();
    expect(s.getState().draft.name).toBe("abc");
    s.getState().undo();
    expect(s.getState().draft.name).toBe("ab");
  });

  it("a drag is recorded once, when it ends", () => {
    const s = store();
    s.getState().drag({ A: { x: 1, y: 1 } });
    s.getState().drag({ A: { x: 5, y: 5 } });
    expect(s.getState().history.past).toHaveLength(0);
    s.getState().endDrag({ A: { x: 9.6, y: 9 } });
    expect(s.getState().draft.nodes[0].position).toEqual({ x: 10, y: 9 });
    expect(s.getState().dragging).toBeNull();
    expect(s.getState().history.past).toHaveLength(1);
  });

  it("copy, paste, duplicate and delete work on the selection", () => {
    const s = store();
    s.getState().select({ nodes: ["A", "B"], edges: [] });
    const text = copySelection(s);
    expect(text).toContain('"A"');
    expect(pasteText(s, text!)).toBe(true);
    expect(ids(s)).toHaveLength(4);
    expect(s.getState().draft.edges).toHaveLength(2);
    duplicateSelection(s);
    expect(ids(s)).toHaveLength(6);
    deleteSelection(s);
    expect(ids(s)).toHaveLength(4);
    expect(pasteText(s, "not json")).toBe(false);
    expect(ids(s)).toHaveLength(4);
  });

  it("insert-after and remove-with-rewire are the node menu's pipeline edits", () => {
    const s = store();
    insertAfter(s, "A", "shell");
    const inserted = s.getState().selection.nodes[0];
    expect(s.getState().draft.edges).toEqual(
      expect.arrayContaining([
        { from: "A", to: inserted },
        { from: inserted, to: "B" },
      ]),
    );
    removeWithRewire(s, [inserted]);
    expect(s.getState().draft.edges).toEqual([{ from: "A", to: "B" }]);
  });

  it("inject checkpoints is one undo step and opens its report", () => {
    const s = createEditorStore({
      template: graph("phases").node("A", { phase: "plan" }).node("B", { phase: "build" }).chain("A", "B").build(),
    });
    injectCheckpointsInto(s);
    expect(s.getState().report?.checkpoints.length).toBeGreaterThan(0);
    expect(s.getState().draft.nodes.every((n) => n.position)).toBe(true);
    s.getState().undo();
    expect(ids(s)).toEqual(["A", "B"]);
  });
});

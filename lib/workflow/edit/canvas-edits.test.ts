import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { alignNodes, distributeNodes } from "./align-nodes";
import { insertNodeIntoEdge } from "./insert-into-edge";
import { newNode } from "./new-node";
import {
  addNote,
  MAX_NOTE_CHARS,
  moveNotes,
  notesFollowNodes,
  readNotes,
  removeNotes,
  updateNote,
} from "./sticky-notes";

const edgesOf = (t: { edges: { from: string; to: string; label?: string }[] }) =>
  t.edges.map((e) => `${e.from}>${e.to}${e.label ? `:${e.label}` : ""}`);

const at = (x: number, y: number) => ({ position: { x, y } });

describe("insertNodeIntoEdge", () => {
  it("splits A → B into A → new → B, the label staying on the first half", () => {
    const t = graph().node("G", { type: "gate", condition: "x" }).node("B").edge("G", "B", "yes").build();
    const node = newNode("shell", t);
    const out = insertNodeIntoEdge(t, { from: "G", to: "B" }, node);
    expect(edgesOf(out)).toEqual([`G>${node.id}:yes`, `${node.id}>B`]);
    expect(out.nodes.map((n) => n.id)).toEqual(["G", node.id, "B"]);
    expect(edgesOf(t)).toEqual(["G>B:yes"]); // the input is untouched
  });

  it("lists an inserted checkpoint in checkpoints[] and refuses a missing edge or a taken id", () => {
    const t = graph().chain("A", "B").build();
    const cp = newNode("checkpoint", t);
    expect(insertNodeIntoEdge(t, { from: "A", to: "B" }, cp).checkpoints).toEqual([cp.id]);
    expect(() => insertNodeIntoEdge(t, { from: "B", to: "A" }, cp)).toThrow(RangeError);
    expect(() => insertNodeIntoEdge(t, { from: "A", to: "B" }, { ...cp, id: "A" })).toThrow(/taken/);
  });
});

describe("align and distribute", () => {
  const t = graph().node("A", at(0, 0)).node("B", at(100, 40)).node("C", at(400, 10)).node("D", at(9, 9)).build();
  const pos = (x: typeof t, id: string) => x.nodes.find((n) => n.id === id)!.position;

  it("aligns edges and centre lines; nodes outside the selection keep their object", () => {
    const left = alignNodes(t, ["A", "B", "C"], "left");
    expect(["A", "B", "C"].map((id) => pos(left, id)!.x)).toEqual([0, 0, 0]);
    expect(pos(left, "B")!.y).toBe(40);
    expect(left.nodes[3]).toBe(t.nodes[3]);
    expect(pos(alignNodes(t, ["A", "B", "C"], "bottom"), "A")!.y).toBe(40);
    expect(pos(alignNodes(t, ["A", "C"], "centre"), "C")!.x).toBe(200);
    expect(pos(alignNodes(t, ["A", "B"], "middle"), "A")!.y).toBe(20);
  });

  it("distributes evenly between the outermost two", () => {
    const out = distributeNodes(t, ["A", "B", "C"], "horizontal");
    expect(["A", "B", "C"].map((id) => pos(out, id)!.x)).toEqual([0, 200, 400]);
    expect(pos(out, "B")!.y).toBe(40);
  });

  it("refuses too small a selection with a readable reason", () => {
    expect(() => alignNodes(t, ["A"], "left")).toThrow("Select two or more");
    expect(() => distributeNodes(t, ["A", "B"], "vertical")).toThrow("Select three or more");
  });
});

describe("sticky notes", () => {
  const base = graph().node("A", at(0, 0)).node("B", at(300, 0)).chain("A", "B").build();

  it("live in metadata.notes and leave validation as it was", () => {
    const { template, id } = addNote(base, { position: { x: 10.4, y: -80 }, text: "**why** this order", node: "A" });
    expect(id).toBe("note-1");
    expect(readNotes(template)).toEqual([
      {
        id,
        text: "**why** this order",
        colour: "yellow",
        position: { x: 10, y: -80 },
        size: expect.any(Object),
        node: "A",
      },
    ]);
    expect(validateTemplate(template).diagnostics).toEqual(validateTemplate(base).diagnostics);
    expect(template.nodes).toBe(base.nodes);
  });

  it("update, move, remove; the last removed leaves no notes key behind", () => {
    let t = addNote(base, at(0, 0)).template;
    t = updateNote(t, "note-1", {
      text: "<script>alert(1)</script> 🎉",
      colour: "blue",
      size: { width: 5, height: 5000 },
    });
    expect(readNotes(t)[0]).toMatchObject({
      text: "<script>alert(1)</script> 🎉",
      colour: "blue",
      size: { width: 120, height: 1200 },
    });
    t = moveNotes(t, { "note-1": { x: 5, y: 6 } });
    expect(readNotes(t)[0].position).toEqual({ x: 5, y: 6 });
    t = removeNotes(t, ["note-1"]);
    expect(t.metadata).toEqual({});
  });

  it("refuses text over the limit and an unknown note, changing nothing", () => {
    const t = addNote(base, at(0, 0)).template;
    expect(() => updateNote(t, "note-1", { text: "x".repeat(MAX_NOTE_CHARS + 1) })).toThrow(
      /at most 10,000 characters/,
    );
    expect(() => updateNote(t, "note-9", { text: "hi" })).toThrow("There is no note note-9.");
    expect(() => addNote(base, { position: { x: 0, y: 0 }, text: "y".repeat(MAX_NOTE_CHARS + 1) })).toThrow(RangeError);
  });

  it("reads hand-edited metadata tolerantly: non-notes are left out, a bad colour or size falls back", () => {
    const t = {
      ...base,
      metadata: {
        notes: [
          { id: "n", text: "ok", colour: "purple", position: { x: 1, y: 2 }, size: "big" },
          { text: "no id" },
          42,
        ],
      },
    };
    expect(readNotes(t)).toEqual([
      { id: "n", text: "ok", colour: "yellow", position: { x: 1, y: 2 }, size: { width: 220, height: 120 } },
    ]);
    expect(readNotes({ ...base, metadata: { notes: "nope" } })).toEqual([]);
  });

  it("follow their node when it moves, and stay put (detached) when it is gone", () => {
    let t = addNote(base, { position: { x: 0, y: -100 }, node: "A" }).template;
    t = addNote(t, { position: { x: 500, y: 500 } }).template;
    const moved = { ...t, nodes: t.nodes.map((n) => (n.id === "A" ? { ...n, position: { x: 40, y: 60 } } : n)) };
    const after = notesFollowNodes(t, moved);
    expect(readNotes(after).map((n) => n.position)).toEqual([
      { x: 40, y: -40 },
      { x: 500, y: 500 },
    ]);
    const gone = notesFollowNodes(t, { ...t, nodes: t.nodes.filter((n) => n.id !== "A") });
    expect(readNotes(gone)[0]).not.toHaveProperty("node");
    expect(readNotes(gone)[0].position).toEqual({ x: 0, y: -100 });
  });
});

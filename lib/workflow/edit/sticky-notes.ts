/**
 * Sticky notes on the canvas: markdown text, a colour, a box, and optionally the node they sit
 * beside. They are not part of the workflow: they live in the template's `metadata.notes`, which
 * the validator, the engine and every exporter carry through untouched, so a template with notes
 * validates, runs and round-trips exactly as one without. Pure; a bad edit throws a RangeError
 * whose message the editor shows (and the draft stays as it was).
 */
import * as z from "zod";
import type { Template } from "@/lib/workflow/model/template-schema";

export const NOTES_KEY = "notes";
export const NOTE_COLOURS = ["yellow", "blue", "green", "pink", "grey"] as const;
export type NoteColour = (typeof NOTE_COLOURS)[number];
/** Longer text is refused: a note is a comment, not a document. */
export const MAX_NOTE_CHARS = 10_000;
export const NOTE_SIZE = { min: { width: 120, height: 60 }, max: { width: 1200, height: 1200 } } as const;
export const DEFAULT_NOTE_SIZE = { width: 220, height: 120 } as const;

const XY = z.object({ x: z.number().finite(), y: z.number().finite() });
export const StickyNoteSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(MAX_NOTE_CHARS),
  colour: z.enum(NOTE_COLOURS).catch("yellow"),
  position: XY,
  size: z
    .object({
      width: z.number().min(NOTE_SIZE.min.width).max(NOTE_SIZE.max.width),
      height: z.number().min(NOTE_SIZE.min.height).max(NOTE_SIZE.max.height),
    })
    .catch({ ...DEFAULT_NOTE_SIZE }),
  /** The node the note sits beside: auto-layout moves the note with it. */
  node: z.string().optional(),
});
export type StickyNote = z.infer<typeof StickyNoteSchema>;

const read = new WeakMap<object, StickyNote[]>();
const NONE: StickyNote[] = [];

/** The template's notes; entries that are not notes (hand-edited metadata) are left out, never thrown on. */
export function readNotes(template: Pick<Template, "metadata">): StickyNote[] {
  const raw = template.metadata?.[NOTES_KEY];
  if (!Array.isArray(raw)) return NONE;
  const cached = read.get(raw);
  if (cached) return cached;
  const notes = raw.flatMap((entry) => {
    const parsed = StickyNoteSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  read.set(raw, notes);
  return notes;
}

function writeNotes<T extends Template>(template: T, notes: StickyNote[]): T {
  const { [NOTES_KEY]: _old, ...rest } = template.metadata ?? {};
  const metadata = notes.length ? { ...rest, [NOTES_KEY]: notes } : rest;
  read.set(notes, notes);
  return { ...template, metadata };
}

function checkText(text: string): void {
  if (text.length > MAX_NOTE_CHARS)
    throw new RangeError(
      `A note holds at most ${MAX_NOTE_CHARS.toLocaleString("en")} characters; this text has ${text.length.toLocaleString("en")}.`,
    );
}

/** Adds a note (ids `note-1`, `note-2`, …); returns the template and the new note's id. */
export function addNote<T extends Template>(
  template: T,
  note: { position: { x: number; y: number }; text?: string; colour?: NoteColour; node?: string },
): { template: T; id: string } {
  const notes = readNotes(template);
  const taken = new Set(notes.map((n) => n.id));
  let k = notes.length + 1;
  while (taken.has(`note-${k}`)) k++;
  const text = note.text ?? "";
  checkText(text);
  const created: StickyNote = {
    id: `note-${k}`,
    text,
    colour: note.colour ?? "yellow",
    position: { x: Math.round(note.position.x), y: Math.round(note.position.y) },
    size: { ...DEFAULT_NOTE_SIZE },
    ...(note.node ? { node: note.node } : {}),
  };
  return { template: writeNotes(template, [...notes, created]), id: created.id };
}

export type NotePatch = Partial<Pick<StickyNote, "text" | "colour" | "position" | "size">>;

/** Changes one note; an unknown id or text over the limit is refused (RangeError). */
export function updateNote<T extends Template>(template: T, id: string, patch: NotePatch): T {
  const notes = readNotes(template);
  const at = notes.findIndex((n) => n.id === id);
  if (at < 0) throw new RangeError(`There is no note ${id}.`);
  if (patch.text !== undefined) checkText(patch.text);
  const next = { ...notes[at], ...patch };
  if (patch.position) next.position = { x: Math.round(patch.position.x), y: Math.round(patch.position.y) };
  if (patch.size)
    next.size = {
      width: Math.round(Math.min(NOTE_SIZE.max.width, Math.max(NOTE_SIZE.min.width, patch.size.width))),
      height: Math.round(Math.min(NOTE_SIZE.max.height, Math.max(NOTE_SIZE.min.height, patch.size.height))),
    };
  return writeNotes(
    template,
    notes.map((n, i) => (i === at ? next : n)),
  );
}

/** Moves notes to new top-left corners; unknown ids are ignored. */
export function moveNotes<T extends Template>(
  template: T,
  positions: Readonly<Record<string, { x: number; y: number }>>,
): T {
  const notes = readNotes(template);
  if (!notes.some((n) => positions[n.id])) return template;
  return writeNotes(
    template,
    notes.map((n) => {
      const p = positions[n.id];
      return p ? { ...n, position: { x: Math.round(p.x), y: Math.round(p.y) } } : n;
    }),
  );
}

export function removeNotes<T extends Template>(template: T, ids: readonly string[]): T {
  const notes = readNotes(template);
  const gone = new Set(ids);
  const kept = notes.filter((n) => !gone.has(n.id));
  return kept.length === notes.length ? template : writeNotes(template, kept);
}

/**
 * After nodes moved (auto-layout, a drag): each note attached to a node moves by as much as its node
 * did, so it stays beside it. A note whose node is gone stays where it is, no longer attached.
 */
export function notesFollowNodes<T extends Template>(before: Template, after: T): T {
  const notes = readNotes(after);
  if (notes.length === 0) return after;
  const was = new Map(before.nodes.map((n) => [n.id, n.position]));
  const now = new Map(after.nodes.map((n) => [n.id, n.position]));
  let changed = false;
  const next = notes.map((note) => {
    if (!note.node) return note;
    if (!now.has(note.node)) {
      changed = true;
      const { node: _gone, ...free } = note;
      return free;
    }
    const a = was.get(note.node);
    const b = now.get(note.node);
    if (!a || !b || (a.x === b.x && a.y === b.y)) return note;
    changed = true;
    return { ...note, position: { x: note.position.x + b.x - a.x, y: note.position.y + b.y - a.y } };
  });
  return changed ? writeNotes(after, next) : after;
}

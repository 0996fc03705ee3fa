"use client";
/**
 * A sticky note on the editor canvas: its markdown rendered as text (never HTML), double-click or
 * Enter to edit, a colour and a delete button while selected, resized from its corner. Every change
 * is one undo step through the store (lib/workflow/edit/sticky-notes); text over the limit is
 * refused in the note itself and the draft keeps what it had.
 */
import { NodeResizeControl, type NodeProps } from "@xyflow/react";
import { useMemo, useState, type ReactNode } from "react";
import { parseNoteMarkdown, type Span } from "@/lib/canvas/note-markdown";
import type { NoteFlowNode } from "@/lib/canvas/project-template";
import { MAX_NOTE_CHARS, NOTE_COLOURS, NOTE_SIZE, removeNotes, updateNote } from "@/lib/workflow/edit/sticky-notes";
import { useEditorStore } from "./editor-provider";

function spans(list: Span[]): ReactNode[] {
  return list.map((s, i) => {
    if (s.kind === "bold") return <strong key={i}>{s.text}</strong>;
    if (s.kind === "italic") return <em key={i}>{s.text}</em>;
    if (s.kind === "code") return <code key={i}>{s.text}</code>;
    if (s.kind === "link")
      return (
        <a key={i} href={s.href} target="_blank" rel="noopener noreferrer nofollow">
          {s.text}
        </a>
      );
    return <span key={i}>{s.text}</span>;
  });
}

function NoteText({ text }: { text: string }) {
  const blocks = useMemo(() => parseNoteMarkdown(text), [text]);
  if (blocks.length === 0) return <p className="muted">Double-click to write (markdown).</p>;
  return (
    <>
      {blocks.map((b, i) =>
        b.kind === "heading" ? (
          <p key={i} className={`note-h note-h${b.level}`}>
            {spans(b.spans)}
          </p>
        ) : b.kind === "item" ? (
          <p key={i} className="note-li">
            • {spans(b.spans)}
          </p>
        ) : (
          <p key={i}>{spans(b.spans)}</p>
        ),
      )}
    </>
  );
}

export function StickyNoteNode({ data, selected }: NodeProps<NoteFlowNode>) {
  const { note } = data;
  const store = useEditorStore();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    if (draft.length > MAX_NOTE_CHARS) {
      setError(
        `A note holds at most ${MAX_NOTE_CHARS.toLocaleString("en")} characters; this text has ${draft.length.toLocaleString("en")}. Shorten it — the note keeps its old text until then.`,
      );
      return;
    }
    setError(null);
    if (draft !== note.text) store.getState().edit((t) => updateNote(t, note.id, { text: draft }));
    setDraft(null);
  };
  return (
    <div
      className={`sticky-note note-${note.colour}${selected ? " note-selected" : ""}`}
      onDoubleClick={() => setDraft(note.text)}
      onKeyDown={(e) => {
        if (draft === null && e.key === "Enter") {
          e.preventDefault();
          setDraft(note.text);
        }
      }}
    >
      <NodeResizeControl
        position="bottom-right"
        minWidth={NOTE_SIZE.min.width}
        minHeight={NOTE_SIZE.min.height}
        maxWidth={NOTE_SIZE.max.width}
        maxHeight={NOTE_SIZE.max.height}
        className="note-resize"
        onResizeEnd={(_e, p) => store.getState().resizeNote(note.id, { width: p.width, height: p.height })}
      />
      {selected && draft === null && (
        <div className="note-tools nodrag" role="group" aria-label={`Note ${note.id}`}>
          {NOTE_COLOURS.map((c) => (
            <button
              key={c}
              type="button"
              className={`note-swatch note-${c}`}
              aria-label={`Colour ${c}`}
              aria-pressed={note.colour === c}
              onClick={() => store.getState().edit((t) => updateNote(t, note.id, { colour: c }))}
            />
          ))}
          <button
            type="button"
            className="note-delete"
            aria-label="Delete note"
            onClick={() => store.getState().edit((t) => removeNotes(t, [note.id]))}
          >
            ×
          </button>
        </div>
      )}
      {draft !== null ? (
        <>
          <textarea
            className="note-editor nodrag nowheel nopan"
            aria-label="Note text (markdown)"
            aria-invalid={error ? true : undefined}
            autoFocus
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              e.stopPropagation();
              if (e.key === "Escape" || (e.key === "Enter" && (e.ctrlKey || e.metaKey))) commit();
            }}
          />
          {error && (
            <p className="field-error note-error" role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <div className="note-text nowheel">
          <NoteText text={note.text} />
        </div>
      )}
    </div>
  );
}

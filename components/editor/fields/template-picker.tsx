"use client";
/**
 * A workflow node's `template`: a combobox over the library (`template.list`, searched by name,
 * description, tags; the template's own id matches too). Choosing one stores its `template_id`;
 * Enter or leaving the field keeps what was typed (an id the list does not show, or a file path the
 * CLI reads). The template being edited is left out of the choices: a template cannot call itself.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";

const SHOWN = 20;

export function TemplatePicker(props: {
  /** The input's id (the field's `<label>` names it). */
  id: string;
  value: string;
  /** The template being edited (database id and template_id): never offered. */
  self: { id: string | null; templateId: string };
  describedBy?: string;
  invalid: boolean;
  onCommit(ref: string): void;
}) {
  const id = props.id;
  const listId = `${id}-list`;
  const trpc = useTRPC();
  const [text, setText] = useState(props.value);
  const [shown, setShown] = useState(props.value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  if (shown !== props.value) {
    // The draft moved (undo, another view): the box follows it.
    setShown(props.value);
    setText(props.value);
  }
  const search = text === props.value ? "" : text.trim();
  const list = useQuery({
    ...trpc.template.list.queryOptions({ search: search || undefined, sort: "name", limit: SHOWN + 1 }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const choices = (list.data?.items ?? [])
    .filter((t) => t.id !== props.self.id && t.template_id !== props.self.templateId)
    .slice(0, SHOWN);

  const commit = (ref: string) => {
    setOpen(false);
    setText(ref);
    if (ref !== props.value) props.onCommit(ref);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      if (choices.length) setActive((active + step + choices.length) % choices.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const pick = open && text !== props.value ? choices[active] : undefined;
      commit(pick ? pick.template_id : text.trim());
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setText(props.value);
    }
  };
  const activeId = open && choices[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="reference-input template-picker">
      <input
        id={id}
        role="combobox"
        value={text}
        placeholder="search the library"
        spellCheck={false}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(text.trim())}
      />
      {open && (
        <ul role="listbox" id={listId} className="ref-menu" aria-label="Templates">
          {choices.map((t, i) => (
            <li
              key={t.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                commit(t.template_id);
              }}
            >
              {t.name} <span className="muted small">{t.template_id}</span>
            </li>
          ))}
          {list.isSuccess && choices.length === 0 && (
            <li role="presentation" className="muted small">
              No template matches.
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

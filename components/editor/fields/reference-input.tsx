"use client";
/** A text field with `{reference}` autocomplete: variables, upstream outputs, prev_* (lib/workflow/reference-suggestions). */
import { useRef, useState, type KeyboardEvent } from "react";
import { completionsAt, type ReferenceSuggestion } from "@/lib/workflow/edit/reference-suggestions";

export function ReferenceInput(props: {
  id: string;
  value: string;
  multiline: boolean;
  suggestions: readonly ReferenceSuggestion[];
  invalid: boolean;
  describedBy?: string;
  onChange: (text: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const [menu, setMenu] = useState<{ from: number; items: ReferenceSuggestion[]; active: number } | null>(null);
  const listId = `${props.id}-refs`;

  const update = (text: string, caret: number) => {
    props.onChange(text);
    const found = completionsAt(text, caret, props.suggestions);
    setMenu(found ? { ...found, active: 0 } : null);
  };
  const accept = (s: ReferenceSuggestion) => {
    const el = ref.current;
    if (!el || !menu) return;
    const caret = el.selectionStart ?? props.value.length;
    const text = props.value.slice(0, menu.from) + s.text + props.value.slice(caret);
    props.onChange(text);
    setMenu(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(menu.from + s.text.length, menu.from + s.text.length);
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!menu) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setMenu({ ...menu, active: (menu.active + step + menu.items.length) % menu.items.length });
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      accept(menu.items[menu.active]);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setMenu(null);
    }
  };
  const common = {
    id: props.id,
    ref,
    value: props.value,
    spellCheck: false,
    "aria-invalid": props.invalid || undefined,
    "aria-describedby": props.describedBy,
    "aria-autocomplete": "list" as const,
    "aria-controls": menu ? listId : undefined,
    "aria-expanded": menu ? true : undefined,
    onKeyDown,
    onBlur: () => setMenu(null),
    onChange: (e: { target: { value: string; selectionStart: number | null } }) =>
      update(e.target.value, e.target.selectionStart ?? e.target.value.length),
  };
  return (
    <div className="reference-input">
      {props.multiline ? <textarea {...common} className="code-input" rows={4} /> : <input {...common} />}
      {menu && (
        <ul role="listbox" id={listId} className="ref-menu" aria-label="References">
          {menu.items.map((s, i) => (
            <li
              key={s.text}
              role="option"
              aria-selected={i === menu.active}
              onMouseDown={(e) => {
                e.preventDefault();
                accept(s);
              }}
            >
              <code>{s.text}</code> <span className="muted small">{s.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

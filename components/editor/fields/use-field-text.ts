"use client";
/**
 * A field's text while a person types: parsed on every keystroke; a value of the wrong type shows
 * its message and is not committed (the draft keeps its value). When the draft changes from
 * elsewhere (undo, another view) the text follows it.
 */
import { useState } from "react";
import { formatFieldValue, parseFieldText } from "@/lib/workflow/model/field-text";
import type { FieldKind } from "@/lib/workflow/model/node-fields";

export function useFieldText(kind: FieldKind, value: unknown, commit: (value: unknown) => void) {
  const formatted = formatFieldValue(kind, value);
  const [text, setText] = useState(formatted);
  const [shown, setShown] = useState(formatted);
  const [error, setError] = useState<string | null>(null);
  if (formatted !== shown) {
    // Derived state (React's "adjust state while rendering"): the draft moved under us.
    setShown(formatted);
    const parsed = parseFieldText(kind, text, value);
    if (!parsed.ok || formatFieldValue(kind, parsed.value) !== formatted) {
      setText(formatted);
      setError(null);
    }
  }
  const change = (next: string) => {
    setText(next);
    const parsed = parseFieldText(kind, next, value);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    commit(parsed.value);
  };
  return { text, error, change };
}

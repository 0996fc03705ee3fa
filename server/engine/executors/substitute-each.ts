/**
 * Puts each reference's value into a text, letting the caller choose per reference what goes in
 * (escape it for where it stands, or throw to refuse it). A reference without a value stays as
 * written, as `substituteReferences` leaves it.
 */
import { parseReferences, type Reference } from "@/lib/workflow/model/references";
import type { ExecutorContext } from "./executor";

export function substituteEach(
  lookup: ExecutorContext["lookup"],
  text: string,
  put: (ref: Reference, value: string, index: number) => string,
  refs: readonly Reference[] = parseReferences(text),
): string {
  let out = "";
  let last = 0;
  refs.forEach((ref, i) => {
    const value = lookup(ref);
    if (value === undefined) return;
    out += text.slice(last, ref.start) + put(ref, value, i);
    last = ref.end;
  });
  return out + text.slice(last);
}

/** A value as a short JSON string for messages. */
export function previewValue(v: string): string {
  return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
}

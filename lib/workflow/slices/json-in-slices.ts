/**
 * The JSON text of a plain JSON value — exactly what `JSON.stringify(value)` gives — made in slices: an array
 * or object with more than `SLICE_ITEMS` entries, at the top or directly inside the top-level value, is
 * written entry by entry (a 100,000-node template's `nodes`, a plan's `nodes` and `order`); everything else
 * whole. Values with a `toJSON` method (dates) are written whole by `JSON.stringify` too. Each slice's parts
 * are joined when it ends, so the last join copies a few hundred strings, not one per entry.
 */
import { endsSlice, SLICE_ITEMS, type Sliced } from "./sliced";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as Json).toJSON !== "function";

/** What is written entry by entry: the entries (array items, or object keys), else undefined. */
function entriesOf(v: unknown, top: boolean): { keys?: string[]; length: number } | undefined {
  if (Array.isArray(v)) return top || v.length > SLICE_ITEMS ? { length: v.length } : undefined;
  if (!isObject(v)) return undefined;
  const keys = Object.keys(v);
  return top || keys.length > SLICE_ITEMS ? { keys, length: keys.length } : undefined;
}

export function* jsonInSlices(value: object): Sliced<string> {
  const out = new SlicedText();
  yield* write(value, entriesOf(value, true), out, true);
  return out.text();
}

/** Text made of many small parts: each slice's parts joined when the slice ends. */
class SlicedText {
  private parts: string[] = [];
  private chunks: string[] = [];
  push(...texts: string[]): void {
    this.parts.push(...texts);
  }
  endSlice(): void {
    this.chunks.push(this.parts.join(""));
    this.parts = [];
  }
  text(): string {
    this.endSlice();
    return this.chunks.join("");
  }
}

/** Writes `value`'s entries one by one; at the top, large entries are written the same way in turn. */
function* write(
  value: unknown,
  entries: { keys?: string[]; length: number } | undefined,
  out: SlicedText,
  top: boolean,
): Sliced<void> {
  if (!entries) return out.push(JSON.stringify(value) ?? "null");
  const { keys } = entries;
  const record = value as Json;
  out.push(keys ? "{" : "[");
  let written = 0;
  for (let i = 0; i < entries.length; i++) {
    if (endsSlice(i)) {
      out.endSlice();
      yield;
    }
    const item = keys ? record[keys[i]] : (value as unknown[])[i];
    const inner = top ? entriesOf(item, false) : undefined;
    const text = inner ? undefined : (JSON.stringify(item) as string | undefined);
    // As JSON.stringify does: a property without JSON is left out, an array entry without JSON is null.
    if (keys && !inner && text === undefined) continue;
    if (written++ > 0) out.push(",");
    if (keys) out.push(JSON.stringify(keys[i]), ":");
    if (inner) yield* write(item, inner, out, false);
    else out.push(text ?? "null");
  }
  out.push(keys ? "}" : "]");
}

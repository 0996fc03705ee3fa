/**
 * Content identity of a template: SHA-256 of its canonical JSON (keys sorted, undefined dropped).
 * Pure (no node:crypto) so the editor can tell "unchanged" in the browser too; in slices for a large one.
 */
import { endsSlice, SLICE_ITEMS, type Sliced } from "@/lib/workflow/slices/sliced";
import { Sha256, sha256Hex } from "./sha256";

/** JSON with object keys sorted at every level, so equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** `sha256:<hex>` of the template's canonical JSON. */
export function contentHash(template: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(template))}`;
}

/** `contentHash` in slices (a large template's save: see `sliced.ts`): its canonical JSON hashed as it is made. */
export function* contentHashInSlices(template: unknown): Sliced<string> {
  const sha = new Sha256();
  const encoder = new TextEncoder();
  let pending: string[] = [];
  const out = {
    write: (text: string) => void pending.push(text),
    flush: () => {
      sha.update(encoder.encode(pending.join("")));
      pending = [];
    },
  };
  yield* canonicalInSlices(template, out);
  out.flush();
  return `sha256:${sha.hex()}`;
}

/** `canonicalJson(value)` written piece by piece: a large array at the top or in the top object entry by entry. */
function* canonicalInSlices(value: unknown, out: { write(text: string): void; flush(): void }): Sliced<void> {
  if (Array.isArray(value)) {
    out.write("[");
    for (let i = 0; i < value.length; i++) {
      if (endsSlice(i)) {
        out.flush();
        yield;
      }
      const item: unknown = value[i];
      out.write(`${i > 0 ? "," : ""}${item === undefined ? "null" : canonicalJson(item)}`);
    }
    return out.write("]");
  }
  if (value === null || typeof value !== "object") return out.write(canonicalJson(value));
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  out.write("{");
  for (let i = 0; i < entries.length; i++) {
    const [k, v] = entries[i];
    out.write(`${i > 0 ? "," : ""}${JSON.stringify(k)}:`);
    if (Array.isArray(v) && v.length > SLICE_ITEMS) yield* canonicalInSlices(v, out);
    else out.write(canonicalJson(v));
  }
  out.write("}");
}

/**
 * Inspector text ⇄ field values: what a person types is parsed per field kind, and a value of the
 * wrong type is refused with a message (the draft keeps its value) — never coerced silently.
 */
import { OnFailSchema } from "./template-schema";
import type { FieldKind } from "./node-fields";

export type FieldParse = { ok: true; value: unknown } | { ok: false; message: string };

/** A field's value as the text its input shows. */
export function formatFieldValue(kind: FieldKind, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (kind === "list" && Array.isArray(value)) return value.join("\n");
  if (kind === "retries" && typeof value === "object") return String((value as { max?: unknown }).max ?? "");
  return typeof value === "string" ? value : String(value);
}

/**
 * Parses `text` for a field; an empty optional field is `undefined` (removed from the node).
 * `previous` keeps what the text cannot show (a retries object's backoff).
 */
export function parseFieldText(kind: FieldKind, text: string, previous?: unknown): FieldParse {
  const trimmed = text.trim();
  switch (kind) {
    case "number": {
      if (trimmed === "") return { ok: true, value: undefined };
      const n = Number(trimmed);
      if (!Number.isFinite(n) || n <= 0) return { ok: false, message: "Expected a number greater than 0." };
      return { ok: true, value: n };
    }
    case "integer": {
      const n = Number(trimmed);
      if (trimmed === "" || !Number.isInteger(n)) return { ok: false, message: "Expected a whole number." };
      if (n < 1) return { ok: false, message: "Expected at least 1." };
      return { ok: true, value: n };
    }
    case "retries": {
      if (trimmed === "") return { ok: true, value: undefined };
      const n = Number(trimmed);
      if (!Number.isInteger(n) || n < 0)
        return { ok: false, message: "Expected a whole number of extra attempts (0 or more)." };
      if (previous && typeof previous === "object") return { ok: true, value: { ...previous, max: n } };
      return { ok: true, value: n };
    }
    case "onFail": {
      if (trimmed === "") return { ok: true, value: undefined };
      const parsed = OnFailSchema.safeParse(trimmed);
      return parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, message: "Expected abort, skip, retry or fallback:<node id>." };
    }
    case "list": {
      const items = text
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean);
      return { ok: true, value: items.length ? items : undefined };
    }
    case "select":
    case "text":
    case "reference":
      return { ok: true, value: text === "" ? undefined : text };
    case "code":
      return { ok: true, value: text };
    case "boolean":
      return { ok: true, value: text === "true" };
    case "checks":
      return { ok: false, message: "Checks are edited in their own list." };
    case "inputs":
      return { ok: false, message: "Inputs are edited in their own list." };
  }
}

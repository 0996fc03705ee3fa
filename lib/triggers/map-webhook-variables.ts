/**
 * A webhook's variables from its request (docs/triggers.md, "Mapping"): each template variable is a
 * text over the request where `{body.<dotted path>}` reads the JSON body, `{headers.<lower-case
 * name>}` a header, `{query.<name>}` a query parameter and `{body}` the raw body. A text that is one
 * reference keeps the value's JSON type (a number stays a number); references inside other text are
 * written into it. A reference to nothing leaves the variable without a value (its default, if any,
 * then applies; a required one is refused by name).
 */
import type { TriggerVariables } from "./trigger-schema";

export interface WebhookRequestView {
  /** The raw body as text (`""` when there is none). */
  body: string;
  /** Header names lower-case. */
  headers: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
}

export type MappedValue = string | number | boolean;

export type MappingResult =
  { ok: true; variables: Record<string, MappedValue> } | { ok: false; variable: string; message: string };

const REFERENCE = /\{([^{}]*)\}/g;
const SOURCES = ["body", "headers", "query"] as const;
type Source = (typeof SOURCES)[number];

interface Reference {
  source: Source;
  /** Dotted path (body), a name (headers, query); empty for the raw body. */
  path: string;
}

function parseReference(inner: string): Reference | string {
  const dot = inner.indexOf(".");
  const source = (dot < 0 ? inner : inner.slice(0, dot)).trim();
  const path = dot < 0 ? "" : inner.slice(dot + 1).trim();
  if (!(SOURCES as readonly string[]).includes(source))
    return `{${inner}} reads nothing from the request: use {body.<path>}, {headers.<name>} or {query.<name>}`;
  if (source !== "body" && !path) return `{${inner}} needs a name: {${source}.<name>}`;
  if (path && path.split(".").some((p) => p === "")) return `{${inner}} has an empty part in its path`;
  return { source: source as Source, path: source === "headers" ? path.toLowerCase() : path };
}

/** Problems of a mapping before any request: each names the variable (`variables.<name>`) and the reference. */
export function mappingProblems(mapping: TriggerVariables): { variable: string; message: string }[] {
  const out: { variable: string; message: string }[] = [];
  for (const [name, text] of Object.entries(mapping)) {
    if (typeof text !== "string") continue;
    for (const m of text.matchAll(REFERENCE)) {
      const ref = parseReference(m[1]!);
      if (typeof ref === "string") out.push({ variable: name, message: ref });
    }
  }
  return out;
}

/** `a.b.0.c` in a parsed JSON value; own properties only (no prototype reached by `__proto__`). */
function readPath(root: unknown, path: string): unknown {
  let at = root;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function toValue(v: unknown): MappedValue | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

export function mapWebhookVariables(mapping: TriggerVariables, req: WebhookRequestView): MappingResult {
  let parsed: { ok: true; value: unknown } | { ok: false; message: string } | undefined;
  const json = () =>
    (parsed ??= (() => {
      try {
        return { ok: true as const, value: JSON.parse(req.body) as unknown };
      } catch (err) {
        const why = req.body.trim() === "" ? "the body is empty" : (err as Error).message;
        return { ok: false as const, message: why };
      }
    })());
  const variables: Record<string, MappedValue> = {};
  for (const [name, text] of Object.entries(mapping)) {
    if (typeof text !== "string") {
      variables[name] = text;
      continue;
    }
    const refs = [...text.matchAll(REFERENCE)];
    if (refs.length === 0) {
      variables[name] = text;
      continue;
    }
    const values: (MappedValue | undefined)[] = [];
    for (const m of refs) {
      const ref = parseReference(m[1]!);
      if (typeof ref === "string") return { ok: false, variable: name, message: `variables.${name}: ${ref}` };
      if (ref.source === "headers") values.push(req.headers[ref.path]);
      else if (ref.source === "query")
        values.push(Object.hasOwn(req.query, ref.path) ? req.query[ref.path] : undefined);
      else if (!ref.path) values.push(req.body === "" ? undefined : req.body);
      else {
        const body = json();
        if (!body.ok)
          return {
            ok: false,
            variable: name,
            message: `variables.${name} reads {body.${ref.path}} but the body is not JSON (${body.message})`,
          };
        values.push(toValue(readPath(body.value, ref.path)));
      }
    }
    // One reference and nothing else: the value as it is; otherwise text, and only when every part has a value.
    if (refs.length === 1 && refs[0]![0] === text) {
      if (values[0] !== undefined) variables[name] = values[0];
      continue;
    }
    if (values.some((v) => v === undefined)) continue;
    let i = 0;
    variables[name] = text.replace(REFERENCE, () => String(values[i++]));
  }
  return { ok: true, variables };
}

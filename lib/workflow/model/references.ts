/**
 * Runtime references inside templates: `{var}`, `{N-001.output}`, `{N-001.<field>}`,
 * `{prev_output}`, `{prev_output_path}`, `{prev_session_id}`, `{iteration}` and `{secrets.NAME}`
 * (a named secret: `secrets` is reserved, it is never a node id).
 * Parsing keeps positions (offset, line, column) so editors and diagnostics can point at them;
 * substitution is one pure function shared by the validator, the rename edit and the engine.
 *
 * Not references (left untouched): `${VAR}` (shell expansion) and `{{ … }}` (doubled braces);
 * `{` followed by anything but an identifier (JSON, code) is plain text.
 */

/** The names that refer to the nearest upstream node rather than to a variable. */
export const PREV_REFERENCES = ["prev_output", "prev_output_path", "prev_session_id"] as const;
export type PrevReferenceName = (typeof PREV_REFERENCES)[number];

interface ReferenceBase {
  /** The text as written, braces included: `{N-001.output}`. */
  raw: string;
  /** Offset of `{` in the text. */
  start: number;
  /** Offset just past `}`. */
  end: number;
  /** 1-based line and column of `{`. */
  line: number;
  column: number;
}

export type Reference =
  | (ReferenceBase & { kind: "variable"; name: string })
  | (ReferenceBase & { kind: "node"; nodeId: string; field: string })
  | (ReferenceBase & { kind: "prev"; name: PrevReferenceName })
  | (ReferenceBase & { kind: "iteration" })
  | (ReferenceBase & { kind: "secret"; name: string });

/** `{secrets.NAME}` reads the secret NAME, not a node called `secrets`. */
export const SECRETS_REFERENCE_HEAD = "secrets";

/** `[A-Za-z_]`: an identifier's first character. */
function isIdentStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** `[\w-]`: an identifier's other characters (`-` for node ids like N-001). */
function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57) || code === 45;
}

/** End of the identifier starting at `i` (exclusive), or -1 when none starts there. */
function identifierEnd(text: string, i: number): number {
  if (!isIdentStart(text.charCodeAt(i))) return -1;
  let j = i + 1;
  while (j < text.length && isIdentPart(text.charCodeAt(j))) j++;
  return j;
}

function isEscaped(text: string, start: number): boolean {
  const before = text[start - 1];
  return before === "$" || before === "{";
}

/**
 * Every reference in `text`, in order of appearance, with positions. Never throws.
 * The grammar is `{ident}` or `{ident.ident}`; scanned by hand rather than with a regex, since
 * this runs for every template field on every validation and match arrays add up.
 */
export function parseReferences(text: string): Reference[] {
  const out: Reference[] = [];
  if (typeof text !== "string") return out;
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (let start = text.indexOf("{"); start >= 0;) {
    const headEnd = identifierEnd(text, start + 1);
    let end = -1;
    let fieldEnd = -1;
    if (headEnd > 0 && text.charCodeAt(headEnd) === 125 /* } */) end = headEnd + 1;
    else if (headEnd > 0 && text.charCodeAt(headEnd) === 46 /* . */) {
      fieldEnd = identifierEnd(text, headEnd + 1);
      if (fieldEnd > 0 && text.charCodeAt(fieldEnd) === 125) end = fieldEnd + 1;
    }
    if (end < 0) {
      start = text.indexOf("{", start + 1);
      continue;
    }
    if (!isEscaped(text, start)) {
      for (; scanned < start; scanned++) {
        if (text.charCodeAt(scanned) === 10) {
          line++;
          lineStart = scanned + 1;
        }
      }
      const raw = text.slice(start, end);
      const head = text.slice(start + 1, headEnd);
      const column = start - lineStart + 1;
      // Literal objects (no spread): this runs for every template field on every validation.
      if (fieldEnd > 0) {
        const field = text.slice(headEnd + 1, fieldEnd);
        if (head === SECRETS_REFERENCE_HEAD) out.push({ kind: "secret", name: field, raw, start, end, line, column });
        else out.push({ kind: "node", nodeId: head, field, raw, start, end, line, column });
      } else if ((PREV_REFERENCES as readonly string[]).includes(head))
        out.push({ kind: "prev", name: head as PrevReferenceName, raw, start, end, line, column });
      else if (head === "iteration") out.push({ kind: "iteration", raw, start, end, line, column });
      else out.push({ kind: "variable", name: head, raw, start, end, line, column });
    }
    start = text.indexOf("{", end);
  }
  return out;
}

/** Returns the replacement for a reference, or `undefined` to leave it as written. */
export type ReferenceLookup = (ref: Reference) => string | undefined;

export interface SubstitutionResult {
  text: string;
  /** References the lookup could not resolve (left as written in `text`). */
  unresolved: Reference[];
}

/**
 * Replaces every reference in `text` by `lookup(ref)`; `quote` (e.g. shell quoting) is applied
 * to each substituted value, never to the surrounding text. Pure; never throws on its own.
 */
export function substituteReferences(
  text: string,
  lookup: ReferenceLookup,
  quote?: (value: string) => string,
): SubstitutionResult {
  const refs = parseReferences(text);
  if (refs.length === 0) return { text, unresolved: [] };
  const unresolved: Reference[] = [];
  let out = "";
  let last = 0;
  for (const ref of refs) {
    const value = lookup(ref);
    if (value === undefined) {
      unresolved.push(ref);
      continue;
    }
    out += text.slice(last, ref.start) + (quote ? quote(value) : value);
    last = ref.end;
  }
  return { text: out + text.slice(last), unresolved };
}

/** What a run knows when it substitutes a node's templates. */
export interface ReferenceContext {
  vars?: Readonly<Record<string, unknown>>;
  /** Finished nodes: `{ "N-001": { output: "…", session_id: "…" } }`. */
  nodes?: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  /** Values of the nearest upstream node. */
  prev?: Partial<Record<PrevReferenceName, unknown>>;
  iteration?: number;
}

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The value a reference stands for in `ctx`, as text (objects as JSON), or `undefined`. */
export function resolveReference(ref: Reference, ctx: ReferenceContext): string | undefined {
  switch (ref.kind) {
    case "variable":
      return ctx.vars && Object.hasOwn(ctx.vars, ref.name) ? asText(ctx.vars[ref.name]) : undefined;
    case "node": {
      const node = ctx.nodes && Object.hasOwn(ctx.nodes, ref.nodeId) ? ctx.nodes[ref.nodeId] : undefined;
      return node && Object.hasOwn(node, ref.field) ? asText(node[ref.field]) : undefined;
    }
    case "prev":
      return asText(ctx.prev?.[ref.name]);
    case "iteration":
      return ctx.iteration === undefined ? undefined : String(ctx.iteration);
    case "secret":
      // Only the engine holds secret values (server/engine/run-secrets.ts); no context a client builds has them.
      return undefined;
  }
}

/** A lookup over a run context, for `substituteReferences(text, referenceLookup(ctx))`. */
export function referenceLookup(ctx: ReferenceContext): ReferenceLookup {
  return (ref) => resolveReference(ref, ctx);
}

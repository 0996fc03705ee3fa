/**
 * Playbook text → plain value + a locator for diagnostics. `!include <path>` (a YAML tag or a
 * plain string) is kept as the marker string `!include <path>` for resolvePlaybookIncludes.
 *
 * Speed: the `yaml` package spends most of an import building its positioned document (its CST
 * parser alone is ~150 ms for a 1,000-task playbook). Playbooks are nearly always written in a
 * small subset of YAML — block maps and sequences, one-line plain or quoted scalars, one-line flow
 * lists, the empty map `{}` — so that subset is read here directly, with the same values and the same positions.
 * Anything outside it (tags, anchors, block scalars, escapes, multi-line scalars, empty values,
 * duplicate keys, odd numbers, tabs, CRLF…) is not guessed at: the whole text goes to `yaml`.
 */
import { LineCounter, parseDocument, visit, type Document, type ScalarTag } from "yaml";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { formatIssue } from "./format-issues";
import { createPositionLocator, type PositionNode } from "./position-locator";
import { createYamlLocator, type YamlLocator } from "./yaml-locator";

const includeTag: ScalarTag = {
  tag: "!include",
  resolve: (value: string) => `!include ${value}`,
};

export interface ParsedYaml {
  value: unknown;
  locator: YamlLocator;
  diagnostics: Diagnostic[];
}

/** Thrown inside the fast path when the text leaves the subset; never escapes this file. */
class OutsideSubset extends Error {}
const outside = (): never => {
  throw new OutsideSubset();
};

interface Line {
  /** Offset of the line's first non-space character (for a `- key: v` item: of `key`). */
  at: number;
  indent: number;
  /** The line from `at` on. */
  text: string;
}

/** Keys we read ourselves: identifiers that the core schema would not turn into null or a bool. */
const KEY_RE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +|$)/;
const SPECIAL_KEY_RE = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE|__proto__)$/;
const NULL_RE = /^(?:~|null|Null|NULL)$/;
const BOOL_RE = /^(?:true|True|TRUE|false|False|FALSE)$/;
const INT_RE = /^-?(?:0|[1-9][0-9]{0,14})$/;
/** A plain scalar may not start with an indicator, nor look like a number we do not resolve. */
const PLAIN_START_RE = /^[-?:,[\]{}#&*!|>'"%@`+.0-9]/;

/** A plain scalar resolved like the core schema, for the forms the subset allows. */
function plainValue(text: string): unknown {
  if (NULL_RE.test(text)) return null;
  if (BOOL_RE.test(text)) return text[0] === "t" || text[0] === "T";
  if (INT_RE.test(text)) return Number(text);
  if (PLAIN_START_RE.test(text) || text.includes(": ") || text.endsWith(":") || text.includes("\t")) outside();
  return text;
}

/** After a quoted scalar or a flow list: nothing, or a comment. */
function assertTail(tail: string): void {
  if (tail.trim() !== "" && !/^ +#/.test(tail)) outside();
}

/** A value written on the key's (or the dash's) line. */
function inlineValue(text: string, at: number): [unknown, PositionNode] {
  const first = text[0];
  if (first === '"' || first === "'") {
    const close = text.indexOf(first, 1);
    if (close < 0 || text[close + 1] === first) outside();
    const body = text.slice(1, close);
    if (first === '"' && body.includes("\\")) outside();
    assertTail(text.slice(close + 1));
    return [body, { start: at }];
  }
  if (first === "{") {
    // Only the empty map (what `yaml` writes for `{}`, e.g. a Mermaid front matter's context_schema).
    if (!/^\{ *\}/.test(text)) outside();
    assertTail(text.slice(text.indexOf("}") + 1));
    return [{}, { start: at, keys: new Map() }];
  }
  if (first === "[") {
    const close = text.indexOf("]");
    if (close < 0) outside();
    const inner = text.slice(1, close);
    if (/[[\]{}'"#]/.test(inner)) outside();
    assertTail(text.slice(close + 1));
    const values: unknown[] = [];
    const items: PositionNode[] = [];
    if (inner.trim() !== "") {
      let offset = at + 1;
      for (const part of inner.split(",")) {
        const item = part.trim();
        if (item === "") outside();
        values.push(plainValue(item));
        items.push({ start: offset + part.indexOf(item) });
        offset += part.length + 1;
      }
    }
    return [values, { start: at, items }];
  }
  const comment = text.indexOf(" #");
  const plain = (comment < 0 ? text : text.slice(0, comment)).trimEnd();
  return [plainValue(plain), { start: at }];
}

/** Reads the subset (see the file header); throws OutsideSubset for anything else. */
function readSubset(text: string): { value: unknown; positions: PositionNode } {
  if (text.includes("\r") || text.includes("\t")) outside();
  const lines: Line[] = [];
  let offset = 0;
  for (const raw of text.split("\n")) {
    const indent = raw.length - raw.trimStart().length;
    const rest = raw.slice(indent);
    if (rest !== "" && rest[0] !== "#") lines.push({ at: offset + indent, indent, text: rest });
    offset += raw.length + 1;
  }
  let i = 0;

  const block = (indent: number): [unknown, PositionNode] =>
    lines[i].text[0] === "-" && (lines[i].text.length === 1 || lines[i].text[1] === " ")
      ? sequence(indent)
      : mapping(indent);

  function mapping(indent: number): [unknown, PositionNode] {
    const value: Record<string, unknown> = {};
    const keys = new Map<string, { key: number; node: PositionNode }>();
    const start = lines[i].at;
    while (i < lines.length && lines[i].indent === indent) {
      const line = lines[i];
      const m = KEY_RE.exec(line.text);
      if (!m || SPECIAL_KEY_RE.test(m[1]) || keys.has(m[1])) outside();
      const rest = line.text.slice(m![0].length);
      let entry: [unknown, PositionNode];
      i++;
      if (rest === "" || rest[0] === "#") {
        const next = lines[i];
        if (next && next.indent > indent) entry = block(next.indent);
        else if (next && next.indent === indent && /^-( |$)/.test(next.text)) entry = sequence(indent);
        else entry = outside();
      } else entry = inlineValue(rest, line.at + m![0].length);
      value[m![1]] = entry[0];
      keys.set(m![1], { key: line.at, node: entry[1] });
    }
    if (i < lines.length && lines[i].indent > indent) outside();
    return [value, { start, keys }];
  }

  function sequence(indent: number): [unknown, PositionNode] {
    const values: unknown[] = [];
    const items: PositionNode[] = [];
    const start = lines[i].at;
    while (i < lines.length && lines[i].indent === indent && /^-( |$)/.test(lines[i].text)) {
      const line = lines[i];
      const rest = line.text.slice(1).trimStart();
      if (rest === "" || rest[0] === "#" || /^-( |$)/.test(rest)) outside();
      const at = line.at + line.text.length - rest.length;
      let entry: [unknown, PositionNode];
      if (KEY_RE.test(rest)) {
        // `- key: v`: the item is a map whose keys line up with `key`.
        lines[i] = { at, indent: at - (line.at - line.indent), text: rest };
        entry = mapping(lines[i].indent);
      } else {
        entry = inlineValue(rest, at);
        i++;
      }
      values.push(entry[0]);
      items.push(entry[1]);
    }
    if (i < lines.length && lines[i].indent > indent) outside();
    return [values, { start, items }];
  }

  if (lines.length === 0) outside();
  const [value, positions] = block(lines[0].indent);
  if (i < lines.length) outside();
  return { value, positions };
}

/**
 * The fast path alone (exported for tests): the value and a locator, or `undefined` when the
 * text is outside the subset. Where it answers, it answers exactly as `yaml` would.
 */
export function parseYamlSubset(text: string): { value: unknown; locator: YamlLocator } | undefined {
  try {
    const { value, positions } = readSubset(text);
    return { value, locator: createPositionLocator(positions, text) };
  } catch (e) {
    if (e instanceof OutsideSubset) return undefined;
    throw e;
  }
}

/** Parses YAML (never throws); syntax errors come back as PB001 with line and column. */
export function parsePlaybookYaml(text: string): ParsedYaml {
  const fast = parseYamlSubset(text);
  if (fast) return { ...fast, diagnostics: [] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, customTags: [includeTag], prettyErrors: false });
  const diagnostics = doc.errors.map((e) => {
    const at = e.linePos?.[0] ?? lineCounter.linePos(e.pos[0]);
    return formatIssue("PB001", "error", { line: at.line, column: at.col }, e.message.split("\n")[0]);
  });
  const value = diagnostics.length ? undefined : toJsWithinAliasLimit(doc, lineCounter, diagnostics);
  return { value, locator: createYamlLocator(doc, lineCounter), diagnostics };
}

const MAX_ALIAS_COUNT = 1000;

/**
 * The document's value, or undefined plus PB016 at the first alias when expanding aliases would
 * exceed the limit (a "billion laughs" bomb: a few lines that expand to billions of values).
 */
function toJsWithinAliasLimit(doc: Document, lineCounter: LineCounter, diagnostics: Diagnostic[]): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    if (!(err instanceof ReferenceError)) throw err;
    let offset = 0;
    visit(doc, {
      Alias(_, node) {
        offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    const at = lineCounter.linePos(offset);
    diagnostics.push(formatIssue("PB016", "error", { line: at.line, column: at.col }, MAX_ALIAS_COUNT));
    return undefined;
  }
}

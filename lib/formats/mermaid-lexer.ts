/**
 * Pull-based tokenizer for Mermaid flowcharts. Every token carries its 1-based line and column.
 * Shapes are lexed as one token (opener, text, closer) because their text may contain any
 * character; the parser pulls tokens and may skip the rest of a line (styling statements).
 */

export type ShapeKind =
  | "rect" // [ ]
  | "round" // ( )
  | "stadium" // ([ ])
  | "subroutine" // [[ ]]
  | "cylinder" // [( )]
  | "circle" // (( ))
  | "rhombus" // { }
  | "hexagon" // {{ }}
  | "asymmetric" // > ]
  | "parallelogram" // [/ /]
  | "parallelogram-alt" // [\ \]
  | "trapezoid" // [/ \]
  | "trapezoid-alt"; // [\ /]

export type EdgeStyle = "arrow" | "open" | "dotted" | "dotted-open" | "thick" | "thick-open";

interface At {
  line: number;
  column: number;
  offset: number;
}

export type Token = At &
  (
    | { kind: "id"; value: string }
    | { kind: "shape"; shape: ShapeKind; text: string; quoted: boolean }
    | { kind: "edge"; style: EdgeStyle; label?: string }
    | { kind: "string"; value: string }
    | { kind: "amp" }
    | { kind: "class"; value: string }
    | { kind: "eol" }
    | { kind: "eof" }
    | { kind: "bad"; text: string; expected: string }
  );

/** Openers, longest first; each with the closers that may end it. */
const SHAPES: readonly { open: string; close: readonly string[]; kinds: readonly ShapeKind[] }[] = [
  { open: "([", close: ["])"], kinds: ["stadium"] },
  { open: "((", close: ["))"], kinds: ["circle"] },
  { open: "[[", close: ["]]"], kinds: ["subroutine"] },
  { open: "[(", close: [")]"], kinds: ["cylinder"] },
  { open: "[/", close: ["/]", "\\]"], kinds: ["parallelogram", "trapezoid"] },
  { open: "[\\", close: ["\\]", "/]"], kinds: ["parallelogram-alt", "trapezoid-alt"] },
  { open: "{{", close: ["}}"], kinds: ["hexagon"] },
  { open: "[", close: ["]"], kinds: ["rect"] },
  { open: "(", close: [")"], kinds: ["round"] },
  { open: "{", close: ["}"], kinds: ["rhombus"] },
  { open: ">", close: ["]"], kinds: ["asymmetric"] },
];

const ID_START = /[\p{L}\p{N}_]/u;
const ID_PART = /[\p{L}\p{N}_.]/u;
/**
 * Arrows without an inline text label: `-->` `---` `-.->` `-.-` `==>` `===` (any length), and,
 * as the mermaid library reads them, `o` / `x` ends (`--o`, `---x`, `-.-o`, `==x`): so
 * `A ---open` is an edge to `pen`, exactly what the diagram renders. After `>` an `o` is an id.
 */
const ARROW = /-{2,}>|-{2,}[ox]|-{3,}|-\.+->|-\.+-[ox]|-\.+-|={2,}>|={2,}[ox]|={3,}/y;
/** The start of a `-- text -->` label and the arrow that must close it. */
const TEXT_EDGES: readonly { open: RegExp; close: RegExp }[] = [
  { open: /--[ \t]/y, close: /-{2,}>|-{3,}/g },
  { open: /==[ \t]/y, close: /={2,}>|={3,}/g },
  { open: /-\.[ \t]/y, close: /\.-+>|\.-+/g },
];

function arrowStyle(arrow: string): EdgeStyle {
  const head = /[>ox]$/.test(arrow);
  if (arrow.includes(".")) return head ? "dotted" : "dotted-open";
  if (arrow.startsWith("=")) return head ? "thick" : "thick-open";
  return head ? "arrow" : "open";
}

export class MermaidLexer {
  private pos = 0;
  private readonly lineStarts: number[] = [0];
  private buffered: Token | undefined;
  /** Kind of the last token handed out: a shape opener only counts right after a node id. */
  private prevKind: Token["kind"] = "eol";

  constructor(private readonly text: string) {
    // indexOf finds newlines natively: a per-character loop was ~15 ms on a 1,000-node file.
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of an offset. */
  at(offset: number): At {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1, offset };
  }

  peek(): Token {
    this.buffered ??= this.lex();
    return this.buffered;
  }

  next(): Token {
    const t = this.peek();
    this.buffered = undefined;
    this.prevKind = t.kind;
    return t;
  }

  /** Raw text from the current token to the end of its line; consumes it (not the newline). */
  restOfLine(): string {
    const from = this.buffered ? this.buffered.offset : this.pos;
    this.buffered = undefined;
    let end = this.text.indexOf("\n", from);
    if (end < 0) end = this.text.length;
    this.pos = end;
    this.prevKind = "eol";
    return this.text.slice(from, end);
  }

  private lex(): Token {
    const text = this.text;
    // Skip blanks and `%%` comments (to end of line).
    for (;;) {
      const c = text[this.pos];
      if (c === " " || c === "\t" || c === "\r") this.pos++;
      else if (c === "%" && text[this.pos + 1] === "%") {
        const nl = text.indexOf("\n", this.pos);
        this.pos = nl < 0 ? text.length : nl;
      } else break;
    }
    const start = this.pos;
    const at = this.at(start);
    if (start >= text.length) return { line: at.line, column: at.column, offset: at.offset, kind: "eof" };
    const c = text[start];
    if (c === "\n" || c === ";") {
      this.pos++;
      return { line: at.line, column: at.column, offset: at.offset, kind: "eol" };
    }
    if (c === "&") {
      this.pos++;
      return { line: at.line, column: at.column, offset: at.offset, kind: "amp" };
    }
    if (c === ":" && text.startsWith(":::", start)) {
      this.pos += 3;
      const id = this.readIdText();
      return id
        ? { line: at.line, column: at.column, offset: at.offset, kind: "class", value: id }
        : this.bad(at, "a class name after ':::'");
    }
    if (this.prevKind === "id") {
      const shape = SHAPES.find((s) => text.startsWith(s.open, start));
      if (shape) return this.lexShape(at, shape);
    }
    const edge = this.lexEdge(at);
    if (edge) return edge;
    if (c === '"') {
      const close = text.indexOf('"', start + 1);
      if (close < 0) return this.bad(at, "a closing '\"'");
      this.pos = close + 1;
      return {
        line: at.line,
        column: at.column,
        offset: at.offset,
        kind: "string",
        value: text.slice(start + 1, close),
      };
    }
    const id = this.readIdText();
    if (id) return { line: at.line, column: at.column, offset: at.offset, kind: "id", value: id };
    this.pos++;
    return { line: at.line, column: at.column, offset: at.offset, kind: "bad", text: c, expected: "" };
  }

  private bad(at: At, expected: string): Token {
    const nl = this.text.indexOf("\n", at.offset);
    const end = nl < 0 ? this.text.length : nl;
    this.pos = Math.max(this.pos, at.offset + 1);
    return {
      line: at.line,
      column: at.column,
      offset: at.offset,
      kind: "bad",
      text: this.text.slice(at.offset, Math.min(end, at.offset + 20)),
      expected,
    };
  }

  /** Node ids: letters, digits, `_`, `.`, and `-` when a word character follows (so `A-->B` splits). */
  private readIdText(): string {
    const text = this.text;
    const start = this.pos;
    if (!ID_START.test(text[start] ?? "")) return "";
    let i = start + 1;
    for (;;) {
      const ch = text[i];
      if (ch !== undefined && ID_PART.test(ch)) i++;
      else if (ch === "-" && ID_START.test(text[i + 1] ?? "")) i += 2;
      else break;
    }
    this.pos = i;
    return text.slice(start, i);
  }

  private lexShape(at: At, shape: (typeof SHAPES)[number]): Token {
    const text = this.text;
    let i = at.offset + shape.open.length;
    let quoted = false;
    let body: string;
    while (text[i] === " " || text[i] === "\t") i++;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) return this.bad(at, "a closing '\"' for the quoted label");
      quoted = true;
      body = text.slice(i + 1, close);
      i = close + 1;
      while (text[i] === " " || text[i] === "\t") i++;
    } else {
      body = "";
      // Search the closer on this line only, so a file of many shapes stays linear.
      const nl = text.indexOf("\n", i);
      const line = text.slice(i, nl < 0 ? text.length : nl);
      const ends = shape.close
        .map((cl) => line.indexOf(cl))
        .filter((e) => e >= 0)
        .map((e) => e + i);
      if (ends.length === 0) return this.bad(at, `'${shape.close[0]}' to close the '${shape.open}' shape`);
      const end = Math.min(...ends);
      body = text.slice(i, end).trim();
      i = end;
    }
    const closerIndex = shape.close.findIndex((cl) => text.startsWith(cl, i));
    if (closerIndex < 0) {
      this.pos = i;
      const found = this.at(i);
      return {
        line: found.line,
        column: found.column,
        offset: found.offset,
        kind: "bad",
        text: text.slice(i, i + 10),
        expected: `'${shape.close[0]}'`,
      };
    }
    this.pos = i + shape.close[closerIndex].length;
    return {
      line: at.line,
      column: at.column,
      offset: at.offset,
      kind: "shape",
      shape: shape.kinds[closerIndex],
      text: body,
      quoted,
    };
  }

  private lexEdge(at: At): Token | undefined {
    const text = this.text;
    const start = at.offset;
    for (const te of TEXT_EDGES) {
      te.open.lastIndex = start;
      if (!te.open.test(text)) continue;
      const lineEnd = text.indexOf("\n", start) < 0 ? text.length : text.indexOf("\n", start);
      te.close.lastIndex = start + 3;
      const m = te.close.exec(text);
      if (!m || m.index >= lineEnd) return this.bad(at, "an arrow such as '-->' closing the edge label");
      this.pos = m.index + m[0].length;
      const style = arrowStyle(text.slice(start, start + 2) + m[0]);
      return {
        line: at.line,
        column: at.column,
        offset: at.offset,
        kind: "edge",
        style,
        label: unquote(text.slice(start + 3, m.index).trim()),
      };
    }
    ARROW.lastIndex = start;
    const m = ARROW.exec(text);
    if (!m) return undefined;
    this.pos = start + m[0].length;
    const style = arrowStyle(m[0]);
    const edge: Token = { line: at.line, column: at.column, offset: at.offset, kind: "edge", style };
    // Optional `|label|` right after the arrow.
    let i = this.pos;
    while (text[i] === " " || text[i] === "\t") i++;
    if (text[i] === "|") {
      const lineEnd = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
      const close = text.indexOf("|", i + 1);
      if (close < 0 || close > lineEnd) return this.bad(this.at(i), "a closing '|' for the edge label");
      this.pos = close + 1;
      const label = unquote(text.slice(i + 1, close).trim());
      return { line: at.line, column: at.column, offset: at.offset, kind: "edge", style, label };
    }
    return edge;
  }
}

function unquote(s: string): string {
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s;
}

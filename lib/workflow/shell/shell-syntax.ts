/**
 * The shell tokenizer: mvdan/sh's syntax parser (the `mvdan-sh` package, its JavaScript build),
 * wrapped so the rest of the code sees JavaScript string offsets. The parser reports UTF-8 byte
 * offsets; `toCharOffset` maps them back. Bash is parsed (a superset of what `/bin/sh` accepts), so
 * a command valid for either shell tokenizes; see docs/decisions/011-mvdan-sh-as-shell-tokenizer.md.
 */
import sh from "mvdan-sh";

const { syntax } = sh;
let parser: sh.Parser | undefined;

export interface ShellSyntaxError {
  /** 1-based, in characters of the parsed text. */
  line: number;
  column: number;
  message: string;
}

/** Maps the parser's byte offsets to string offsets (identity for ASCII text). */
export type OffsetMap = (byteOffset: number) => number;

function offsetMap(text: string): OffsetMap {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return (b) => b;
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    const bytes = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    for (let k = 0; k < bytes; k++) map.push(i);
    if (c >= 0x10000) i++;
  }
  map.push(text.length);
  return (b) => map[Math.min(b, map.length - 1)];
}

/** A node of the syntax tree, with its span in string offsets and the fields the planner reads. */
export interface ShellNode {
  /** The parser's node kind: `Lit`, `SglQuoted`, `DblQuoted`, `CmdSubst`, `CallExpr`, `Stmt`, … */
  type: string;
  start: number;
  end: number;
  /** Literal text (`Lit`, `SglQuoted`), comment text (`Comment`), the parameter's name (`ParamExp`). */
  value?: string;
  /** `${#name}`: a length, so a number. */
  length?: boolean;
  /** `$'…'` / `$"…"` (quotes), backquotes (`CmdSubst`), `&` / `!` (`Stmt`), `${!name}` (`ParamExp`). */
  flag?: boolean;
  /** The operator of a `Redirect`, `BinaryCmd`, `BinaryTest`, `UnaryTest`, `ProcSubst`, `Expansion`, … (see OP). */
  op?: number;
  /** Named children: `Parts`, `Args`, `Assigns`, `Cmd`, `Redirs`, `Word`, `Hdoc`, … */
  fields: Record<string, ShellNode | ShellNode[] | undefined>;
  children: ShellNode[];
}

/** A raw GopherJS value: Go structs are objects with their Go field names, slices `{ $array, $offset, $length }`. */
type Raw = Record<string, unknown> & { constructor: { string?: string; nil?: unknown } };
type RawSlice = { $array: unknown[]; $offset: number; $length: number };

const isSlice = (v: unknown): v is RawSlice => typeof v === "object" && v !== null && "$array" in v;
const posOf = (v: unknown) => (v as { offs: number }).offs;
const FLAG_FIELD: Record<string, string> = {
  SglQuoted: "Dollar",
  DblQuoted: "Dollar",
  CmdSubst: "Backquotes",
  Stmt: "Background",
};

/** The opening and closing position fields of delimited nodes, and the closing delimiter's width. */
const DELIMITERS: Record<string, [string, string, number]> = {
  ParamExp: ["Dollar", "Rbrace", 1],
  ArithmExp: ["Left", "Right", 2],
  ArithmCmd: ["Left", "Right", 2],
  ProcSubst: ["OpPos", "Rparen", 1],
  TestClause: ["Left", "Right", 2],
  Subshell: ["Lparen", "Rparen", 1],
  Block: ["Lbrace", "Rbrace", 1],
};

/**
 * The parser's operator numbers (its `Token` enumeration; the package version is pinned and the planner's
 * tests cover each one used).
 */
export const OP = {
  pipe: 12,
  pipeAll: 13,
  inc: 36,
  dec: 37,
  /** `+=` … `>>=` in arithmetic. */
  firstOpAssign: 44,
  lastOpAssign: 53,
  redirOut: 54,
  appendOut: 55,
  redirIn: 56,
  readWrite: 57,
  clobber: 60,
  heredoc: 61,
  dashHeredoc: 62,
  hereString: 63,
  redirAll: 64,
  appendAll: 65,
  procIn: 66,
  procOut: 67,
  /** `=` in arithmetic; `${v=…}` in a parameter expansion. */
  assign: 74,
  /** `${v:=…}`. */
  assignIfNull: 75,
  /** `${v@P}` and the other `@` operators. */
  atOperator: 84,
  /** `[[ -v name ]]`, `[[ -R name ]]`. */
  testVarSet: 110,
  testRefVar: 111,
  /** `[[ a -eq b ]]` … `-gt`: both sides are arithmetic. */
  firstArithTest: 116,
  lastArithTest: 121,
} as const;

/**
 * Converts the parser's tree into plain objects in one pass. The package's documented accessors
 * (`NodeType`, `Pos()`, `Walk`) cost tens of microseconds per call in its GopherJS build (a
 * 90-character command took ~3 ms to walk); its internal objects are plain JavaScript with the Go
 * field names, read here and nowhere else (the package version is pinned; tests cover the shapes).
 */
function toTree(raw: Raw, toChar: OffsetMap, text: string): ShellNode | undefined {
  const kind = raw.constructor?.string;
  if (!kind || !kind.startsWith("*syntax.") || raw.constructor.nil === raw) return undefined;
  const type = kind.slice("*syntax.".length);
  if (type === "Pos") return undefined;
  const node: ShellNode = { type, start: -1, end: -1, fields: {}, children: [] };
  for (const key of Object.keys(raw)) {
    if (key === "$val") continue;
    const v = raw[key];
    if (isSlice(v)) {
      const list: ShellNode[] = [];
      for (let i = 0; i < v.$length; i++) {
        const child = toTree(v.$array[v.$offset + i] as Raw, toChar, text);
        if (child) list.push(child);
      }
      node.fields[key] = list;
      node.children.push(...list);
    } else if (typeof v === "object" && v !== null) {
      const child = toTree(v as Raw, toChar, text);
      if (child) {
        node.fields[key] = child;
        node.children.push(child);
      }
    }
  }
  if (FLAG_FIELD[type]) node.flag = raw[FLAG_FIELD[type]] === true;
  if (type === "Stmt") node.flag = raw.Background === true || raw.Negated === true;
  // `${!name}` reads the variable named by name's value; `${!prefix@}` only lists names.
  if (type === "ParamExp") {
    node.flag = raw.Excl === true && !raw.Names;
    node.value = (raw.Param as Raw | undefined)?.Value as string | undefined;
    if (raw.Length === true) node.length = true;
  }
  if (typeof raw.Op === "number") node.op = raw.Op;
  switch (type) {
    case "Lit":
      node.value = raw.Value as string;
      node.start = toChar(posOf(raw.ValuePos));
      node.end = toChar(posOf(raw.ValueEnd));
      break;
    case "SglQuoted":
      node.value = raw.Value as string;
      node.start = toChar(posOf(raw.Left));
      node.end = toChar(posOf(raw.Right) + 1);
      break;
    case "DblQuoted":
    case "CmdSubst":
      node.start = toChar(posOf(raw.Left));
      node.end = toChar(posOf(raw.Right) + 1);
      break;
    case "Comment": {
      node.value = raw.Text as string;
      node.start = toChar(posOf(raw.Hash));
      const nl = text.indexOf("\n", node.start);
      node.end = nl < 0 ? text.length : nl;
      break;
    }
    case "ParamExp":
    case "ArithmExp":
    case "ArithmCmd":
    case "ProcSubst":
    case "TestClause":
    case "Subshell":
    case "Block": {
      // Their delimiters (`${ }`, `$(( ))`, `<( )`, `[[ ]]`, …) are part of them; `$x` ends with its name.
      const [open, close, width] = DELIMITERS[type];
      node.start = toChar(posOf(raw[open]));
      if (type === "ParamExp" && raw.Short === true) node.end = toChar(posOf((raw.Param as Raw).ValueEnd));
      else node.end = toChar(posOf(raw[close]) + (type === "ArithmExp" && raw.Bracket === true ? 1 : width));
      break;
    }
    default:
      for (const c of node.children) {
        if (c.start >= 0 && (node.start < 0 || c.start < node.start)) node.start = c.start;
        if (c.end > node.end) node.end = c.end;
      }
  }
  return node;
}

/** 1-based line and column of a string offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** Parses a command line into a plain tree (string offsets); never throws. */
export function parseShell(text: string): { ok: true; root: ShellNode } | { ok: false; error: ShellSyntaxError } {
  parser ??= syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash));
  const toCharOffset = offsetMap(text);
  let file: sh.File;
  try {
    file = parser.Parse(text, "");
  } catch (err) {
    const e = err as { Text?: string; Pos?: { Offset(): number }; message?: string };
    const at = e.Pos ? toCharOffset(e.Pos.Offset()) : 0;
    return { ok: false, error: { ...lineColumn(text, at), message: e.Text ?? e.message ?? String(err) } };
  }
  const raw = (file as unknown as { __internal_object__: Raw }).__internal_object__;
  const root = toTree(raw, toCharOffset, text);
  if (!root) throw new Error("unexpected shell syntax tree");
  return { ok: true, root };
}

/** Visits every node depth-first with its ancestors (outermost first, the node itself last). */
export function walkShell(root: ShellNode, enter: (node: ShellNode, stack: readonly ShellNode[]) => void): void {
  const stack: ShellNode[] = [];
  const visit = (n: ShellNode) => {
    stack.push(n);
    enter(n, stack);
    for (const c of n.children) visit(c);
    stack.pop();
  };
  visit(root);
}

/** A node's children under one field, as a list. */
export function listField(node: ShellNode, name: string): ShellNode[] {
  const v = node.fields[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** The literal value of a word with no expansions (quotes removed), else undefined. */
export function staticWordValue(word: ShellNode): string | undefined {
  let out = "";
  for (const part of listField(word, "Parts")) {
    if (part.type === "Lit") out += unescapeUnquoted(part.value!);
    else if (part.type === "SglQuoted" && !(part.flag && part.value!.includes("\\"))) out += part.value;
    else if (part.type === "DblQuoted" && !part.flag) {
      for (const p of listField(part, "Parts")) {
        if (p.type !== "Lit") return undefined;
        out += p.value!.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
      }
    } else return undefined;
  }
  return out;
}

function unescapeUnquoted(raw: string): string {
  return raw.replace(/\\([\s\S])/g, (_, c: string) => (c === "\n" ? "" : c));
}

/**
 * Splits a command line into an argument vector without running a shell: plain words only
 * (quotes allowed); operators, redirections, assignments and expansions are refused.
 */
export function splitCommandWords(text: string): { ok: true; argv: string[] } | { ok: false; message: string } {
  const parsed = parseShell(text);
  if (!parsed.ok)
    return { ok: false, message: `line ${parsed.error.line}, column ${parsed.error.column}: ${parsed.error.message}` };
  const stmts = listField(parsed.root, "Stmts");
  const stmt = stmts.length === 1 ? stmts[0] : undefined;
  const call = stmt && listField(stmt, "Cmd")[0]?.type === "CallExpr" ? listField(stmt, "Cmd")[0] : undefined;
  const plain = stmt && call && !listField(stmt, "Redirs").length && !stmt.flag && !listField(call, "Assigns").length;
  const argv = plain ? listField(call, "Args").map(staticWordValue) : [];
  if (!plain || argv.length === 0 || argv.some((a) => a === undefined))
    return { ok: false, message: "only plain words are allowed (no pipes, redirections, variables or ;)" };
  return { ok: true, argv: argv as string[] };
}

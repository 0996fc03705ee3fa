/**
 * Mermaid flowchart text → a positioned syntax tree (nodes, edges, subgraphs) plus diagnostics.
 * Grammar (docs/formats.md): header `flowchart|graph [TD|TB|BT|LR|RL]`; statements separated by
 * newlines or `;`: node groups joined by edges (`A & B --> C --> D`), `subgraph … end`,
 * `direction X`, styling lines (ignored with a warning). Errors recover at the next line.
 */
import { parse as parseYaml } from "yaml";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { parseYamlSubset } from "./parse-playbook-yaml";
import { blankOut } from "./blank-out";
import { formatIssue } from "./format-issues";
import { MermaidLexer, type EdgeStyle, type ShapeKind, type Token } from "./mermaid-lexer";

export interface MermaidNodeDecl {
  id: string;
  /** Raw label text (still holding `|key=value` annotations and `#quot;` entities). */
  label?: string;
  shape?: ShapeKind;
  line: number;
  column: number;
  /** The first (innermost) subgraph that mentions the node. */
  subgraph?: string;
}

export interface MermaidEdgeDecl {
  from: string;
  to: string;
  label?: string;
  style: EdgeStyle;
  line: number;
  column: number;
}

export interface MermaidSubgraph {
  id: string;
  title: string;
  parent?: string;
  members: string[];
  line: number;
  column: number;
}

export interface MermaidDiagram {
  title?: string;
  /** The front matter's `wf_template` payload (what the body cannot carry), as written by toMermaid. */
  templateExtras?: unknown;
  direction: string;
  nodes: MermaidNodeDecl[];
  edges: MermaidEdgeDecl[];
  subgraphs: MermaidSubgraph[];
  diagnostics: Diagnostic[];
}

const DIRECTIONS = new Set(["TD", "TB", "BT", "LR", "RL"]);
const STYLING = new Set(["classDef", "class", "style", "linkStyle", "click"]);
const OTHER_DIAGRAMS =
  /^(sequenceDiagram|classDiagram(-v2)?|stateDiagram(-v2)?|erDiagram|gantt|pie|journey|gitGraph|mindmap|timeline|quadrantChart|requirementDiagram|C4\w+|sankey(-beta)?|xychart(-beta)?|block(-beta)?|packet(-beta)?|architecture(-beta)?|kanban|radar(-beta)?|zenuml|treemap(-beta)?)$/;

function describe(t: Token): string {
  switch (t.kind) {
    case "id":
      return `"${t.value}"`;
    case "eol":
      return "end of line";
    case "eof":
      return "end of input";
    case "shape":
      return `a node shape`;
    case "edge":
      return "an arrow";
    case "string":
      return `"\\"${t.value}\\""`;
    case "amp":
      return '"&"';
    case "class":
      return `":::${t.value}"`;
    case "bad":
      return `"${t.text}"`;
  }
}

/** Strips a leading `---` YAML front matter block (keeping positions) and reads its `title`. */
function frontMatter(text: string): { text: string; title?: string; templateExtras?: unknown } {
  const m = /^\s*---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return { text };
  let title: string | undefined;
  let templateExtras: unknown;
  try {
    // The exporter's front matter (wf_template with per-node fields) is ~100 KB at 1,000 nodes: the
    // strict subset reader takes it in a few ms where `yaml` takes ~100; anything else goes to `yaml`.
    const data = (parseYamlSubset(m[1])?.value ?? parseYaml(m[1])) as { title?: unknown; wf_template?: unknown } | null;
    if (data && typeof data.title === "string") title = data.title;
    if (data && data.wf_template !== undefined) templateExtras = data.wf_template;
  } catch {
    // Front matter is configuration for the renderer; a broken one does not change the graph.
  }
  return { text: blankOut(text, 0, m[0].length), title, ...(templateExtras !== undefined ? { templateExtras } : {}) };
}

class FlowchartParser {
  private readonly lex: MermaidLexer;
  private readonly nodes = new Map<string, MermaidNodeDecl>();
  private readonly edges: MermaidEdgeDecl[] = [];
  private readonly subgraphs: MermaidSubgraph[] = [];
  private readonly open: MermaidSubgraph[] = [];
  readonly diagnostics: Diagnostic[] = [];

  constructor(text: string) {
    this.lex = new MermaidLexer(text);
  }

  private expected(what: string, t: Token): void {
    const expected = t.kind === "bad" && t.expected ? t.expected : what;
    this.diagnostics.push(formatIssue("MM001", "error", { line: t.line, column: t.column }, expected, describe(t)));
    if (t.kind !== "eol" && t.kind !== "eof") this.lex.restOfLine();
  }

  parse(): Omit<MermaidDiagram, "title"> | undefined {
    let t = this.lex.next();
    while (t.kind === "eol") t = this.lex.next();
    if (t.kind === "eof") {
      this.diagnostics.push(formatIssue("MM003", "error", { line: t.line, column: t.column }));
      return undefined;
    }
    if (t.kind !== "id" || (t.value !== "flowchart" && t.value !== "graph" && t.value !== "flowchart-elk")) {
      if (t.kind === "id" && OTHER_DIAGRAMS.test(t.value)) {
        this.diagnostics.push(formatIssue("MM002", "error", { line: t.line, column: t.column }, t.value));
      } else this.expected('"flowchart" or "graph" followed by TD, TB, BT, LR or RL', t);
      return undefined;
    }
    let direction = "TD";
    const dir = this.lex.peek();
    if (dir.kind === "id") {
      this.lex.next();
      if (DIRECTIONS.has(dir.value)) direction = dir.value;
      else this.expected("a direction (TD, TB, BT, LR or RL)", dir);
    }
    while (this.statement());
    for (const sg of this.open)
      this.diagnostics.push(formatIssue("MM015", "error", { line: sg.line, column: sg.column }, sg.id));
    return {
      direction,
      nodes: [...this.nodes.values()],
      edges: this.edges,
      subgraphs: this.subgraphs,
      diagnostics: [],
    };
  }

  /** One statement; false at end of input. */
  private statement(): boolean {
    const t = this.lex.peek();
    if (t.kind === "eof") return false;
    if (t.kind === "eol") {
      this.lex.next();
      return true;
    }
    if (t.kind === "id" && STYLING.has(t.value)) {
      this.lex.restOfLine();
      this.diagnostics.push(formatIssue("MM004", "warning", { line: t.line, column: t.column }, t.value));
      return true;
    }
    if (t.kind === "id" && t.value === "subgraph") return this.subgraph();
    if (t.kind === "id" && t.value === "end") {
      this.lex.next();
      if (!this.open.pop()) this.diagnostics.push(formatIssue("MM014", "error", { line: t.line, column: t.column }));
      this.endOfStatement();
      return true;
    }
    if (t.kind === "id" && t.value === "direction") {
      this.lex.next();
      const d = this.lex.next();
      if (d.kind !== "id" || !DIRECTIONS.has(d.value)) this.expected("a direction (TD, TB, BT, LR or RL)", d);
      else this.endOfStatement();
      return true;
    }
    this.chain();
    return true;
  }

  private endOfStatement(): void {
    const t = this.lex.peek();
    if (t.kind === "eol" || t.kind === "eof") return;
    this.expected("an arrow, '&' or the end of the line", this.lex.next());
  }

  private subgraph(): boolean {
    const kw = this.lex.next();
    const t = this.lex.next();
    let id: string;
    let title: string;
    if (t.kind === "string") id = title = t.value;
    else if (t.kind === "id") {
      id = t.value;
      const after = this.lex.peek();
      if (after.kind === "shape") {
        this.lex.next();
        title = after.text;
      } else if (after.kind === "eol" || after.kind === "eof") title = id;
      else id = title = `${t.value} ${this.lex.restOfLine().trim()}`;
    } else {
      this.expected("a subgraph id or title", t);
      return true;
    }
    const sg: MermaidSubgraph = {
      id,
      title,
      parent: this.open.at(-1)?.id,
      members: [],
      line: kw.line,
      column: kw.column,
    };
    this.subgraphs.push(sg);
    this.open.push(sg);
    this.endOfStatement();
    return true;
  }

  /** `group (edge group)*` where `group = vertex ('&' vertex)*`. */
  private chain(): void {
    let left = this.group();
    if (!left) return;
    for (;;) {
      const t = this.lex.peek();
      if (t.kind === "eol" || t.kind === "eof") return;
      if (t.kind !== "edge")
        return this.expected("an arrow (-->, ---, -.->, ==>), '&' or the end of the line", this.lex.next());
      this.lex.next();
      const right = this.group();
      if (!right) return;
      for (const from of left) {
        for (const to of right) {
          this.edges.push({
            from,
            to,
            style: t.style,
            line: t.line,
            column: t.column,
            ...(t.label ? { label: t.label } : {}),
          });
        }
      }
      left = right;
    }
  }

  private group(): string[] | undefined {
    const ids: string[] = [];
    for (;;) {
      const id = this.vertex();
      if (!id) return undefined;
      ids.push(id);
      if (this.lex.peek().kind !== "amp") return ids;
      this.lex.next();
    }
  }

  private vertex(): string | undefined {
    const t = this.lex.next();
    if (t.kind !== "id") {
      this.expected("a node id", t);
      return undefined;
    }
    let node = this.nodes.get(t.value);
    if (!node) {
      node = { id: t.value, line: t.line, column: t.column };
      this.nodes.set(t.value, node);
    }
    // Membership: the first subgraph that mentions the node (it may be declared earlier, outside).
    const sg = this.open.at(-1);
    if (sg && node.subgraph === undefined) {
      node.subgraph = sg.id;
      sg.members.push(t.value);
    }
    const shape = this.lex.peek();
    if (shape.kind === "shape") {
      this.lex.next();
      node.label = shape.text;
      node.shape = shape.shape;
    }
    // `A:::className` only styles the node.
    if (this.lex.peek().kind === "class") this.lex.next();
    return t.value;
  }
}

/** Parses flowchart text; never throws. Positions are 1-based lines and columns of `text`. */
export function parseMermaid(source: string): MermaidDiagram {
  const { text, title, templateExtras } = frontMatter(source);
  const parser = new FlowchartParser(text);
  const tree = parser.parse();
  const base = tree ?? { direction: "TD", nodes: [], edges: [], subgraphs: [] };
  return {
    ...base,
    ...(title !== undefined ? { title } : {}),
    ...(templateExtras !== undefined ? { templateExtras } : {}),
    diagnostics: parser.diagnostics,
  };
}

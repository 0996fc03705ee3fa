/**
 * importMermaid: Mermaid flowchart (optionally wrapped in a process-contract wrapper with `<step>`
 * blocks, docs/formats.md) → a template. The mapping rules:
 * 1. A node's label is its name; an unlabelled node is named by its id.
 * 2. Type: `<step type>` wins over the inline `|type=` annotation, which wins over the shape
 *    (`{ }` → gate); otherwise `agent` (a `<step>`'s default type `prompt`). Other tools' type names are normalised.
 * 3. An agent node's prompt (`args_template`) is its step body, else its label; a shell node's
 *    command line is its step body.
 * 4. A subgraph is a phase named by its title; when its (2+) direct members have no edge between
 *    them it is also a parallel group (id = subgraph id), which is what such a drawing means.
 * 5. Every edge kind (`-->`, `---`, `-.->`, `==>`) is a dependency in the written direction;
 *    an edge to or from a subgraph id links the group's source or sink members.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { normalizeNodeType } from "@/lib/workflow/model/normalize-template";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { NODE_TYPES } from "@/lib/workflow/model/template-schema";
import { defaultTemplateId } from "./default-template-id";
import { expandSubgraphEdges } from "./expand-subgraph-edges";
import { formatIssue } from "./format-issues";
import { locateDiagnostics, type ImportResult, type SourcePosition } from "./import-result";
import { parseMermaidLabel, unescapeMermaidText } from "./mermaid-label";
import { parseMermaid, type MermaidDiagram, type MermaidNodeDecl } from "./mermaid-parse";
import { applyTemplateExtras } from "./mermaid-template-extras";
import { checkStepBlocks, extractStepBlocks, type StepBlock } from "./mermaid-step-blocks";

export interface MermaidImportOptions {
  /** Template name when the diagram has no front-matter `title`. */
  name?: string;
  templateId?: string;
  /** Allowed tools for `<step tools>` when the text has no `<tool allow="…">` wrapper. */
  toolScope?: readonly string[];
}

/** Annotation keys a node label may carry, and how each value is read. */
const ANNOTATIONS: Readonly<Record<string, (v: string) => string | number | undefined>> = {
  id: (v) => v || undefined,
  type: (v) => {
    const t = normalizeNodeType(v);
    return typeof t === "string" && (NODE_TYPES as readonly string[]).includes(t) ? t : undefined;
  },
  max_iter: (v) => (/^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : undefined),
  timeout_s: (v) => (/^\d+(\.\d+)?$/.test(v) && Number(v) > 0 ? Number(v) : undefined),
  executor: (v) => v,
  on_fail: (v) => v,
  tier: (v) => v,
  until: (v) => v,
  condition: (v) => v,
  template: (v) => v || undefined,
  // Digits are a library version number; anything else (`1.0`, `v3`) is kept as text.
  version: (v) => (/^\d+$/.test(v) ? Number(v) : v || undefined),
};
const EXPECTED: Readonly<Record<string, string>> = {
  id: "a non-empty id",
  type: `one of ${NODE_TYPES.join(", ")} (or an alias such as prompt, subagent, tool, manual)`,
  max_iter: "a whole number of at least 1",
  timeout_s: "a positive number of seconds",
  template: "a template id",
  version: "a version",
};

type RawNode = Record<string, unknown> & { id: string; name: string; type: string };

function buildNode(decl: MermaidNodeDecl, step: StepBlock | undefined, diagnostics: Diagnostic[]): RawNode {
  const at = { line: decl.line, column: decl.column, nodeId: decl.id };
  const label = decl.label !== undefined ? parseMermaidLabel(decl.label) : { name: "", annotations: [] };
  // A Markdown string (`"\`**bold**\`"`) is named by its text.
  const name = /^`[^`]*`$/.test(label.name) ? label.name.slice(1, -1) : label.name;
  const node: RawNode = { id: decl.id, name: name || decl.id, type: decl.shape === "rhombus" ? "gate" : "agent" };
  for (const [key, value] of label.annotations) {
    const read = ANNOTATIONS[key];
    if (!read) {
      diagnostics.push(formatIssue("MM005", "warning", at, key));
      continue;
    }
    const v = read(value);
    if (v === undefined)
      diagnostics.push(formatIssue("MM006", "error", { ...at, field: key }, key, value, EXPECTED[key] ?? "a value"));
    else node[key] = v;
  }
  if (step) {
    if (step.type) {
      const t = ANNOTATIONS.type(step.type);
      if (t === undefined) {
        diagnostics.push(
          formatIssue(
            "MM006",
            "error",
            { line: step.line, column: step.column, nodeId: decl.id, field: "type" },
            "type",
            step.type,
            EXPECTED.type,
          ),
        );
      } else node.type = String(t);
    }
    if (step.label) node.name = step.label;
    if (step.body) node.description = step.body;
    if (step.tools) node.tools = step.tools;
  }
  const brief = step?.body || node.name;
  if (node.type === "agent") node.args_template = brief;
  // A `<step type="tool">` body is its command line (a direct tool call's brief).
  if (node.type === "shell" && step?.body) node.args_template = step.body;
  if (node.type === "human" && step?.body) node.prompt = step.body;
  if (node.type === "loop" && node.max_iter === undefined)
    diagnostics.push(formatIssue("MM012", "error", { ...at, field: "max_iter" }, decl.id));
  return node;
}

/** Phases from subgraphs, and parallel groups from subgraphs whose members are not wired together. */
function applySubgraphs(diagram: MermaidDiagram, nodes: Map<string, RawNode>): { name: string }[] {
  const titles = new Map(diagram.subgraphs.map((s) => [s.id, unescapeMermaidText(s.title)]));
  for (const decl of diagram.nodes) {
    const title = decl.subgraph ? titles.get(decl.subgraph) : undefined;
    if (title) nodes.get(decl.id)!.phase = title;
  }
  for (const sg of diagram.subgraphs) {
    const members = new Set(sg.members);
    const wired = diagram.edges.some((e) => members.has(e.from) && members.has(e.to));
    if (members.size >= 2 && !wired) for (const m of members) nodes.get(m)!.parallel_group = sg.id;
  }
  // Only subgraphs with nodes of their own are phases (a wrapper of subgraphs is not).
  const used = diagram.subgraphs.filter((sg) => sg.members.length > 0).map((sg) => titles.get(sg.id)!);
  return [...new Set(used)].map((name) => ({ name }));
}

/** `mode="simple"` (docs/formats.md): no gate or loop node, at most 15 nodes. */
function checkSimpleMode(
  nodes: RawNode[],
  at: SourcePosition,
  locations: Record<string, SourcePosition>,
): Diagnostic[] {
  const out = nodes
    .filter((n) => n.type === "gate" || n.type === "loop")
    .map((n) => formatIssue("MM016", "error", { ...locations[n.id], nodeId: n.id }, `"${n.id}" is a ${n.type}`));
  if (nodes.length > 15) out.push(formatIssue("MM016", "error", at, `the diagram has ${nodes.length} nodes`));
  return out;
}

/** Imports Mermaid text; never throws. `template` is absent when an error makes the graph unreliable. */
export function importMermaid(source: string, options: MermaidImportOptions = {}): ImportResult {
  const aml = extractStepBlocks(source);
  const diagram = expandSubgraphEdges(parseMermaid(aml.text));
  const diagnostics: Diagnostic[] = [...aml.diagnostics, ...diagram.diagnostics];
  const steps = new Map<string, StepBlock>();
  for (const s of aml.steps) if (!steps.has(s.node)) steps.set(s.node, s);
  diagnostics.push(
    ...checkStepBlocks(aml.steps, new Set(diagram.nodes.map((n) => n.id)), aml.toolScope ?? options.toolScope),
  );

  // 1. Nodes, with `id=` annotations renaming them (export uses it for ids Mermaid cannot spell).
  const nodes = new Map<string, RawNode>();
  const rename = new Map<string, string>();
  const usedIds = new Set<string>();
  const locations: Record<string, SourcePosition> = {};
  for (const decl of diagram.nodes) {
    const node = buildNode(decl, steps.get(decl.id), diagnostics);
    if (usedIds.has(node.id))
      diagnostics.push(formatIssue("MM013", "error", { line: decl.line, column: decl.column }, node.id));
    usedIds.add(node.id);
    rename.set(decl.id, node.id);
    nodes.set(decl.id, node);
    locations[node.id] = { line: decl.line, column: decl.column };
  }
  if (aml.simpleMode) diagnostics.push(...checkSimpleMode([...nodes.values()], aml.simpleMode, locations));
  // 2. Subgraphs → phases / parallel groups; 3. edges.
  const phases = applySubgraphs(diagram, nodes);
  const edges = diagram.edges.map((e) => ({
    from: rename.get(e.from) ?? e.from,
    to: rename.get(e.to) ?? e.to,
    ...(e.label ? { label: unescapeMermaidText(e.label) } : {}),
  }));
  if (nodes.size === 0 && !diagnostics.some((d) => d.severity === "error")) {
    diagnostics.push(formatIssue("MM017", "error", { line: 1, column: 1 }));
  }
  if (diagnostics.some((d) => d.severity === "error")) return { diagnostics, locations };

  const name = diagram.title ?? options.name ?? "Imported flowchart";
  const body = {
    template_id: options.templateId ?? defaultTemplateId(name),
    name,
    description: "",
    ...(phases.length ? { phases } : {}),
    nodes: [...nodes.values()],
    edges,
    ...(diagram.direction !== "TD" ? { metadata: { mermaid_direction: diagram.direction } } : {}),
  };
  const raw = applyTemplateExtras(body, diagram.templateExtras);
  const parsed = parseTemplate(raw);
  if (!parsed.ok)
    return { diagnostics: [...diagnostics, ...locateDiagnostics(parsed.diagnostics, locations)], locations };
  return { template: parsed.template, diagnostics, locations };
}

/**
 * The process-contract wrapper around a diagram (docs/formats.md): `<step node type label tools>` blocks and the
 * `<tool allow="…">`, `<skill …>`, `<agent …>` wrappers. They are cut out of the text (blanked,
 * so Mermaid positions stay true) and checked: every step matches one node, no node has two
 * steps, and a step's tools stay inside the allowed scope.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { blankOut } from "./blank-out";
import { formatIssue } from "./format-issues";
import { positionAt } from "./position-at";

export interface StepBlock {
  node: string;
  type?: string;
  label?: string;
  tools?: string[];
  /** The step description (execution brief), dedented. */
  body: string;
  line: number;
  column: number;
}

export interface ExtractedSteps {
  /** The input with every AML tag blanked out. */
  text: string;
  steps: StepBlock[];
  /** Intersection of the enclosing `<tool allow="…">` lists, when there is one. */
  toolScope?: string[];
  /** A wrapper declared `mode="simple"` (dde-simple): no gates or loops, at most 15 nodes. */
  simpleMode?: { line: number; column: number };
  diagnostics: Diagnostic[];
}

const STEP = /<step\b([^>]*?)(\/>|>([\s\S]*?)<\/step\s*>)/g;
const WRAPPER = /<\/?(?:tool|skill|agent)\b[^>]*>/g;
/** `<!-- … -->` around or between the AML tags (written examples carry them). */
const XML_COMMENT = /<!--[\s\S]*?-->/g;
const ATTR = /([\w-]+)\s*=\s*"([^"]*)"/g;

function splitList(s: string): string[] {
  return s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
}

function dedent(body: string): string {
  const lines = body
    .replace(/^\s*\n/, "")
    .replace(/\s+$/, "")
    .split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join("\n");
}

/** Cuts the AML tags out of `source`; reports malformed steps (missing `node`, unclosed tag). */
export function extractStepBlocks(source: string): ExtractedSteps {
  if (!source.includes("<")) return { text: source, steps: [], diagnostics: [] };
  let text = source;
  for (const m of source.matchAll(XML_COMMENT)) text = blankOut(text, m.index, m.index + m[0].length);
  const uncommented = text;
  const steps: StepBlock[] = [];
  const diagnostics: Diagnostic[] = [];
  let toolScope: string[] | undefined;
  for (const m of uncommented.matchAll(STEP)) {
    text = blankOut(text, m.index, m.index + m[0].length);
    const at = positionAt(source, m.index);
    const attrs = Object.fromEntries([...m[1].matchAll(ATTR)].map((a) => [a[1], a[2]]));
    if (!attrs.node) {
      diagnostics.push(formatIssue("MM010", "error", at, 'the "node" attribute is required'));
      continue;
    }
    steps.push({
      node: attrs.node,
      ...(attrs.type ? { type: attrs.type } : {}),
      ...(attrs.label ? { label: attrs.label } : {}),
      ...(attrs.tools !== undefined ? { tools: splitList(attrs.tools) } : {}),
      body: m[3] ? dedent(m[3]) : "",
      ...at,
    });
  }
  let simpleMode: { line: number; column: number } | undefined;
  for (const m of text.matchAll(WRAPPER)) {
    if (/\bmode\s*=\s*"simple"/.test(m[0])) simpleMode ??= positionAt(source, m.index);
    const allow = /^<tool\b[^>]*\ballow\s*=\s*"([^"]*)"/.exec(m[0]);
    if (allow) {
      const list = splitList(allow[1]);
      toolScope = toolScope ? toolScope.filter((t) => list.includes(t)) : list;
    }
    text = blankOut(text, m.index, m.index + m[0].length);
  }
  // An unclosed <step> swallows the rest of the text: its body is not Mermaid.
  const stray = /<\/?step\b/.exec(text);
  if (stray) {
    diagnostics.push(formatIssue("MM010", "error", positionAt(source, stray.index), "unclosed <step> tag"));
    text = blankOut(text, stray.index, text.length);
  }
  return { text, steps, ...(toolScope ? { toolScope } : {}), ...(simpleMode ? { simpleMode } : {}), diagnostics };
}

/** The checks on steps against the diagram's node ids (docs/formats.md: MM007–MM009). */
export function checkStepBlocks(
  steps: readonly StepBlock[],
  nodeIds: ReadonlySet<string>,
  scope?: readonly string[],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Map<string, StepBlock>();
  for (const step of steps) {
    const at = { line: step.line, column: step.column, nodeId: step.node };
    if (!nodeIds.has(step.node)) out.push(formatIssue("MM007", "error", at, step.node));
    const first = seen.get(step.node);
    if (first) out.push(formatIssue("MM008", "error", at, step.node, first.line));
    else seen.set(step.node, step);
    const outside = scope && step.tools ? step.tools.filter((t) => !scope.includes(t)) : [];
    if (outside.length > 0) {
      out.push(
        formatIssue(
          "MM009",
          "error",
          { ...at, field: "tools" },
          step.node,
          outside.join(","),
          scope!.join(",") || "no tools",
        ),
      );
    }
  }
  return out;
}

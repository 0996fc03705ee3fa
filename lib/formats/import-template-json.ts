/**
 * Template JSON text → template. Syntax errors get line/column (from the parser's offset);
 * schema errors keep their JSON path and gain the line/column of the value at that path.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { formatIssue } from "./format-issues";
import type { ImportResult, SourcePosition } from "./import-result";
import { jsonErrorOffset } from "./json-error-offset";
import { jsonPositions } from "./json-positions";
import { positionAt } from "./position-at";
import { createPositionLocator } from "./position-locator";

/** Reads a JSON path (`nodes[2].on_fail`) back into segments. */
function pathSegments(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

export function importTemplateJson(text: string): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = positionAt(text, jsonErrorOffset(text));
    return {
      diagnostics: [
        formatIssue(
          "JS001",
          "error",
          at,
          message.replace(/ in JSON at position \d+.*$/, "").replace(/, ".*" is not valid JSON$/s, ""),
        ),
      ],
    };
  }
  const notTemplate = describeNonTemplate(raw);
  if (notTemplate) return { diagnostics: [formatIssue("JS002", "error", firstValuePosition(text), notTemplate)] };
  const parsed = parseTemplate(raw);
  if (parsed.ok) return { template: parsed.template, diagnostics: [] };
  return { diagnostics: locateJsonDiagnostics(text, raw, parsed.diagnostics), raw };
}

/** What `raw` is when it cannot be meant as a template (no template field at all), else undefined. */
function describeNonTemplate(raw: unknown): string | undefined {
  if (raw === null) return "null";
  if (Array.isArray(raw)) return "an array";
  if (typeof raw !== "object") return `a ${typeof raw}`;
  const keys = Object.keys(raw);
  if (["template_id", "name", "nodes"].some((k) => keys.includes(k))) return undefined;
  const shown = keys.slice(0, 5).map((k) => JSON.stringify(k));
  return keys.length === 0 ? "an empty object" : `an object with ${shown.join(", ")}${keys.length > 5 ? ", …" : ""}`;
}

/** Where the JSON value starts (after leading whitespace). */
function firstValuePosition(text: string): SourcePosition {
  return positionAt(text, text.length - text.trimStart().length);
}

/**
 * Adds line/column to diagnostics about template JSON `text`: from their JSON `path`, else from
 * their `nodeId` (the node's object). Parses positions only when something needs one.
 */
export function locateJsonDiagnostics(text: string, raw: unknown, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  if (!diagnostics.some((d) => d.line === undefined && (d.path || d.nodeId))) return [...diagnostics];
  const locator = createPositionLocator(jsonPositions(text), text);
  const nodes = (raw as { nodes?: unknown })?.nodes;
  const nodeIndex = new Map<string, number>();
  if (Array.isArray(nodes)) {
    nodes.forEach((n, i) => {
      const id = (n as { id?: unknown })?.id;
      if (typeof id === "string" && !nodeIndex.has(id)) nodeIndex.set(id, i);
    });
  }
  return diagnostics.map((d) => {
    if (d.line !== undefined) return d;
    if (d.path) return { ...d, ...locator.at(pathSegments(d.path)) };
    const i = d.nodeId !== undefined ? nodeIndex.get(d.nodeId) : undefined;
    return i === undefined ? d : { ...d, ...locator.at(["nodes", i]) };
  });
}

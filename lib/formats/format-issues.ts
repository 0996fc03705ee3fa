/**
 * Issue catalog of the importers: `MM0xx` Mermaid, `PB0xx` playbook YAML, `JS0xx` template JSON,
 * `FMT0xx` file-level. Codes are stable (tests and tools match on them); messages are functions.
 */
import type { Diagnostic, Severity } from "@/lib/workflow/model/diagnostic";

export const FORMAT_ISSUES = {
  // Mermaid
  MM001: (expected: string, found: string) => `expected ${expected}, found ${found}`,
  MM002: (kind: string) =>
    `this is a ${kind} diagram, not a flowchart; only "flowchart" and "graph" diagrams can be imported`,
  MM003: () => `the diagram is empty; expected a "flowchart TD" (or "graph LR", …) header`,
  MM004: (keyword: string) => `"${keyword}" styling line ignored (styling does not change the workflow)`,
  MM005: (key: string) => `unknown annotation "${key}" ignored (known: type, max_iter, id, executor, …)`,
  MM006: (key: string, value: string, expected: string) => `annotation ${key}=${value} is invalid: ${expected}`,
  MM007: (node: string) => `<step node="${node}"> matches no node of the diagram`,
  MM008: (node: string, line: number) => `<step node="${node}"> is defined twice (first at line ${line})`,
  MM009: (node: string, tools: string, scope: string) =>
    `<step node="${node}"> asks for tools ${tools} outside the allowed scope (${scope})`,
  MM010: (what: string) => `malformed <step> block: ${what}`,
  MM011: () => "no ```mermaid fenced block found in the Markdown file",
  MM012: (node: string) => `loop node "${node}" needs max_iter (write "Label|type=loop|max_iter=3")`,
  MM013: (id: string) => `node id "${id}" is declared twice through id= annotations`,
  MM014: () => `"end" without an open subgraph`,
  MM015: (id: string) => `subgraph "${id}" is not closed; expected "end"`,
  MM016: (what: string) => `dde-simple mode allows no gates or loops and at most 15 nodes: ${what}`,
  MM017: () => "the flowchart has no nodes; add at least one (e.g. A[First step] --> B[Next])",
  // Playbook YAML
  PB001: (detail: string) => `YAML syntax error: ${detail}`,
  PB002: (field: string) => `missing required top-level field "${field}"`,
  PB003: (task: string, field: string) => `task "${task}" is missing required field "${field}"`,
  PB004: (task: string, line: number) => `task name "${task}" is used twice (first at line ${line})`,
  PB005: (task: string, phase: string, known: string) =>
    `task "${task}" uses phase "${phase}", which is not declared in phases (${known})`,
  PB006: (task: string, dep: string) => `task "${task}" depends on "${dep}", which is not a task`,
  PB007: (cycle: string) => `dependency cycle: ${cycle}`,
  PB008: (task: string, value: string) =>
    `task "${task}": capability "${value}" must be one of research | implementation | verification | review | decision`,
  PB009: (task: string, value: string) =>
    `task "${task}": executor "${value}" must be one of main | explore | code-review | security-review | human | custom:<name>`,
  PB010: (task: string, value: string) =>
    `task "${task}": on_failure "${value}" must be one of stop | skip | retry | fallback:<task-name>`,
  PB011: (task: string, reason: string) => `task "${task}": fallback ${reason}`,
  PB012: (task: string, reason: string) => `task "${task}": ${reason}`,
  PB013: (task: string, file: string) => `task "${task}": !include file "${file}" not found`,
  PB014: (task: string, name: string) =>
    `task "${task}" uses {{ variables.${name} }}, which is not declared under variables`,
  PB015: (where: string, expected: string) => `${where} must be ${expected}`,
  PB017: (task: string, file: string, why: string) => `task "${task}": !include "${file}" is refused: ${why}`,
  PB016: (limit: number) =>
    `the YAML aliases (*name) expand to too many values (more than ${limit} alias uses: a "YAML bomb"); write the values out instead`,
  // Template JSON
  JS001: (detail: string) => `JSON syntax error: ${detail}`,
  JS002: (found: string) =>
    `this JSON is not a workflow template: expected an object with "template_id", "name" and "nodes", found ${found}`,
  // File level
  FMT001: (ext: string) => `unknown file extension "${ext}"; expected .json, .mmd, .mermaid, .md, .yml or .yaml`,
  FMT002: (code: string) =>
    `this looks like a binary file, not text (control character ${code}); import a .json, .mmd, .md, .yml or .yaml text file`,
  FMT003: (size: string, limit: string) => `the text is ${size}; imports are limited to ${limit}`,
} as const;

export type FormatIssueCode = keyof typeof FORMAT_ISSUES;

/** Where a diagnostic points (all optional). */
export type IssueLocation = Pick<Diagnostic, "line" | "column" | "path" | "nodeId" | "field" | "file">;

/** Builds a catalog diagnostic: `issue("MM001", "error", loc, "']'", "end of line")`. */
export function formatIssue<C extends FormatIssueCode>(
  code: C,
  severity: Severity,
  location: IssueLocation,
  ...args: Parameters<(typeof FORMAT_ISSUES)[C]>
): Diagnostic {
  const message = (FORMAT_ISSUES[code] as (...a: unknown[]) => string)(...args);
  const loc = Object.fromEntries(Object.entries(location).filter(([, v]) => v !== undefined));
  return { severity, code, message, ...loc };
}

/**
 * importWorkflowText: pasted or uploaded text in a named format (the API's `compose.import`) →
 * template + diagnostics with line/column, model validation included. Bad input is one
 * diagnostic each: too large (FMT003), binary (FMT002), a YAML alias bomb (PB016), Mermaid of
 * another diagram type (MM002), JSON that is not a template (JS002). Never throws.
 */
import { formatIssue } from "./format-issues";
import { includeResolverFromFiles } from "./playbook-includes";
import { positionAt } from "./position-at";
import { validateWorkflow, type WorkflowValidation } from "./validate-workflow";

export const IMPORT_FORMATS = ["mermaid", "yaml", "json"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** 10 MiB of text: a 10,000-node template JSON is about 3 MB. */
export const IMPORT_MAX_CHARS = 10 * 1024 * 1024;

export interface ImportWorkflowTextInput {
  text: string;
  format: ImportFormat;
  /** Files a playbook's `!include` may name, by path relative to the playbook. */
  files?: Readonly<Record<string, string>>;
  /** The file's name when it came from one (names the default template and the diagnostics' file). */
  filename?: string;
}

function megabytes(chars: number): string {
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}

/** The name importWorkflow dispatches on: the format's extension (Markdown when a fence holds the diagram). */
function filenameFor(input: ImportWorkflowTextInput): string {
  const base = (input.filename?.split(/[\\/]/).pop() ?? "workflow").replace(/\.[^.]*$/, "") || "workflow";
  if (input.format === "json") return `${base}.json`;
  if (input.format === "yaml") return `${base}.yaml`;
  return /^\s*(```|~~~)\s*mermaid/m.test(input.text) ? `${base}.md` : `${base}.mmd`;
}

export function importWorkflowText(input: ImportWorkflowTextInput): WorkflowValidation {
  if (input.text.length > IMPORT_MAX_CHARS) {
    const at = positionAt(input.text, IMPORT_MAX_CHARS);
    return {
      ok: false,
      mode: "advanced",
      diagnostics: [formatIssue("FMT003", "error", at, megabytes(input.text.length), megabytes(IMPORT_MAX_CHARS))],
    };
  }
  return validateWorkflow({
    filename: filenameFor(input),
    text: input.text,
    ...(input.files ? { resolveInclude: includeResolverFromFiles(input.files, input.filename ?? "") } : {}),
  });
}

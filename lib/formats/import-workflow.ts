/**
 * importWorkflow: one entry for every import surface (CLI, API, editor paste), dispatching by
 * file extension: .json → template JSON, .mmd/.mermaid → Mermaid, .md → the first mermaid
 * fence, .yml/.yaml → playbook.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { formatIssue } from "./format-issues";
import { importTemplateJson } from "./import-template-json";
import type { ImportResult } from "./import-result";
import { extractMermaidBlock } from "./mermaid-markdown";
import { importMermaid } from "./mermaid-to-template";
import type { IncludeResolver } from "./playbook-includes";
import { importPlaybook } from "./playbook-to-template";
import { positionAt } from "./position-at";
import { applyYamlTemplateExtras } from "./yaml-template-extras";

export const WORKFLOW_EXTENSIONS = [".json", ".mmd", ".mermaid", ".md", ".yml", ".yaml"] as const;

export interface ImportWorkflowInput {
  filename: string;
  text: string;
  /** Reads `!include` files of a playbook (relative to its folder, or from uploaded files). */
  resolveInclude?: IncludeResolver;
  /** Allowed tools for Mermaid `<step tools>` when the text has no `<tool allow>` wrapper. */
  toolScope?: readonly string[];
}

/** Lower-cased extension with its dot (`.yml`), or "" when there is none. */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

export function isWorkflowExtension(ext: string): boolean {
  return (WORKFLOW_EXTENSIONS as readonly string[]).includes(ext);
}

/** Control characters no text workflow contains (tab, newlines, form feed and ESC are allowed). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CHAR = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

/** FMT002 at the first control character when `text` is binary content, else undefined. */
export function binaryContentIssue(text: string): Diagnostic | undefined {
  const m = BINARY_CHAR.exec(text);
  if (!m) return undefined;
  const code = `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  return formatIssue("FMT002", "error", positionAt(text, m.index), code);
}

/** Never throws; an unknown extension is an FMT001 diagnostic, binary content FMT002. */
export function importWorkflow(raw: ImportWorkflowInput): ImportResult {
  // A UTF-8 byte-order mark is not content (editors on Windows add it).
  const input = raw.text.charCodeAt(0) === 0xfeff ? { ...raw, text: raw.text.slice(1) } : raw;
  const binary = binaryContentIssue(input.text);
  if (binary) return { diagnostics: [binary] };
  const ext = extensionOf(input.filename);
  const base = (input.filename.split(/[\\/]/).pop() ?? "workflow").replace(/\.[^.]*$/, "");
  const mermaidOptions = { name: base, ...(input.toolScope ? { toolScope: input.toolScope } : {}) };
  switch (ext) {
    case ".json":
      return importTemplateJson(input.text);
    case ".mmd":
    case ".mermaid":
      return importMermaid(input.text, mermaidOptions);
    case ".md": {
      const block = extractMermaidBlock(input.text);
      return block.text === undefined ? { diagnostics: block.diagnostics } : importMermaid(block.text, mermaidOptions);
    }
    case ".yml":
    case ".yaml": {
      const imported = importPlaybook(input.text, { resolveInclude: input.resolveInclude });
      return imported.template ? { ...imported, template: applyYamlTemplateExtras(imported.template) } : imported;
    }
    default:
      return { diagnostics: [formatIssue("FMT001", "error", {}, ext || "(none)")] };
  }
}

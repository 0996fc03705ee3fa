/** exportWorkflow: a template in one of the export formats (JSON, Mermaid, playbook YAML, ASCII). */
import type { Template } from "@/lib/workflow/model/template-schema";
import { renderAsciiPipeline } from "./ascii-pipeline";
import { toMermaid } from "./to-mermaid";
import { toPlaybookYaml } from "./to-playbook-yaml";

export const EXPORT_FORMATS = ["json", "mermaid", "yaml", "ascii"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(s: string): s is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(s);
}

/** Text of the template in `format`; JSON is pretty-printed with a trailing newline. */
export function exportWorkflow(template: Template, format: ExportFormat): string {
  switch (format) {
    case "json":
      return JSON.stringify(template, null, 2) + "\n";
    case "mermaid":
      return toMermaid(template);
    case "yaml":
      return toPlaybookYaml(template);
    case "ascii":
      return renderAsciiPipeline(template);
  }
}

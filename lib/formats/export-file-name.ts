/** The download name of an exported template: its template_id and the format's usual extension. */
import type { ExportFormat } from "./export-workflow";

const EXTENSIONS: Record<ExportFormat, string> = { json: ".json", mermaid: ".mmd", yaml: ".yaml", ascii: ".txt" };

export function exportFileName(templateId: string, format: ExportFormat): string {
  const safe = templateId.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+/, "") || "workflow";
  return `${safe}${EXTENSIONS[format]}`;
}

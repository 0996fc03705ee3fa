/** What the library lists and searches, derived from a template's latest version on every save. */
import type { Template } from "@/lib/workflow/model/template-schema";

export interface TemplateSummary {
  nodeCount: number;
  /** `metadata.task_type` (describe writes it), "" when absent. */
  taskType: string;
  /** Lower-cased name, description, tags and node names, one per line: what search matches. */
  searchText: string;
}

export function summarizeTemplate(template: Template): TemplateSummary {
  const taskType = template.metadata.task_type;
  const text = [template.name, template.description, ...template.tags, ...template.nodes.map((n) => n.name)];
  return {
    nodeCount: template.nodes.length,
    taskType: typeof taskType === "string" ? taskType : "",
    searchText: text.join("\n").toLowerCase(),
  };
}

/** Search words: whitespace-separated, lower-cased, at most 8 (each one must match). */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

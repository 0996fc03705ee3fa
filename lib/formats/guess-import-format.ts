/**
 * guessImportFormat: which importer a pasted text or a picked file is for — the file's extension
 * when it has a known one, else the text's first meaningful line (`{` JSON, a flowchart header or
 * a ```mermaid fence Mermaid, anything else playbook YAML). The person can still override it.
 */
import { extensionOf } from "./import-workflow";
import type { ImportFormat } from "./import-workflow-text";

const BY_EXTENSION: Readonly<Record<string, ImportFormat>> = {
  ".json": "json",
  ".yml": "yaml",
  ".yaml": "yaml",
  ".mmd": "mermaid",
  ".mermaid": "mermaid",
  ".md": "mermaid",
};

/** Any Mermaid diagram's header, so a sequence diagram reaches the Mermaid importer and gets its MM002. */
const MERMAID_HEADER =
  /^\s*(flowchart|graph|sequenceDiagram|classDiagram|stateDiagram(-v2)?|erDiagram|gantt|pie|journey|gitGraph|mindmap|timeline|quadrantChart|requirementDiagram|C4\w+|\w+-beta)\b/;

export function guessImportFormat(text: string, filename?: string): ImportFormat {
  const byName = filename ? BY_EXTENSION[extensionOf(filename)] : undefined;
  if (byName) return byName;
  const head = text.replace(/^\uFEFF/, "").trimStart();
  if (head.startsWith("{") || head.startsWith("[")) return "json";
  if (/^(```|~~~)\s*mermaid/m.test(head)) return "mermaid";
  // Skip front matter and %% comments; the first real line names the diagram type.
  const body = head.replace(/^---\n[\s\S]*?\n---\n/, "");
  const first = body.split("\n").find((l) => l.trim() !== "" && !l.trim().startsWith("%%")) ?? "";
  return MERMAID_HEADER.test(first) ? "mermaid" : "yaml";
}

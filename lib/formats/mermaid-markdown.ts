/** The first ```mermaid (or ~~~mermaid) fenced block of a Markdown file, positions kept. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { blankOut } from "./blank-out";
import { formatIssue } from "./format-issues";

const FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*mermaid\b[^\n]*\n([\s\S]*?)^[ \t]*\2[ \t]*$/m;

/** Returns the Markdown text with everything but the first mermaid block's body blanked out. */
export function extractMermaidBlock(markdown: string): { text?: string; diagnostics: Diagnostic[] } {
  const m = FENCE.exec(markdown);
  if (!m) return { diagnostics: [formatIssue("MM011", "error", { line: 1, column: 1 })] };
  const bodyStart = m.index + m[0].indexOf("\n") + 1;
  const bodyEnd = bodyStart + m[3].length;
  const text = blankOut(blankOut(markdown, bodyEnd, markdown.length), 0, bodyStart);
  return { text, diagnostics: [] };
}

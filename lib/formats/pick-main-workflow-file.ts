/**
 * Of several picked files, the workflow itself: the first playbook, template JSON or Mermaid
 * file, else the first Markdown file (the others are what a playbook's `!include` lines name,
 * usually Markdown prompts). Returns its index, or -1 for no files.
 */
import { extensionOf } from "./import-workflow";

function rank(name: string): number {
  const ext = extensionOf(name);
  if ([".yml", ".yaml", ".json", ".mmd", ".mermaid"].includes(ext)) return 0;
  return ext === ".md" ? 1 : 2;
}

export function pickMainWorkflowFile(names: readonly string[]): number {
  let best = -1;
  for (let i = 0; i < names.length; i++) if (best < 0 || rank(names[i]) < rank(names[best])) best = i;
  return best;
}

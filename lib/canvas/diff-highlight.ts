/** A version diff as canvas marks: nodes added or changed in the newer version (removed ones are not on it). */
import type { TemplateDiff } from "@/lib/workflow/versions/diff-templates";
import type { Highlight } from "./project-template";

export function diffHighlight(diff: TemplateDiff): Map<string, Highlight> {
  const marks = new Map<string, Highlight>();
  for (const id of diff.nodes.added) marks.set(id, "added");
  for (const c of diff.nodes.changed) marks.set(c.id, "changed");
  return marks;
}

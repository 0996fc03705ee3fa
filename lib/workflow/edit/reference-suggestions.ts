/**
 * What `{reference}` autocomplete offers in a node's text fields: the template's variables, the
 * outputs of the nodes upstream of it (only those can have finished when it runs), the `prev_*`
 * names and, in a loop, `{iteration}`.
 */
import { buildGraph } from "@/lib/workflow/graph/build-graph";
import { PREV_REFERENCES } from "@/lib/workflow/model/references";
import { ancestorsOf } from "@/lib/workflow/graph/reachability";
import type { Template } from "@/lib/workflow/model/template-schema";

export interface ReferenceSuggestion {
  /** The text inserted, braces included. */
  text: string;
  detail: string;
}

export function referenceSuggestions(template: Template, nodeId: string): ReferenceSuggestion[] {
  const out: ReferenceSuggestion[] = Object.entries(template.context_schema).map(([name, v]) => ({
    text: `{${name}}`,
    detail: `variable${v.description ? ` — ${v.description}` : ""}`,
  }));
  const byId = new Map(template.nodes.map((n) => [n.id, n]));
  for (const id of ancestorsOf(buildGraph(template), nodeId))
    out.push({ text: `{${id}.output}`, detail: `output of ${byId.get(id)?.name ?? id}` });
  for (const name of PREV_REFERENCES) out.push({ text: `{${name}}`, detail: "from the nearest upstream node" });
  if (byId.get(nodeId)?.type === "loop") out.push({ text: "{iteration}", detail: "the loop's iteration, from 1" });
  return out;
}

/**
 * The reference being typed at `caret` (an open `{` with no `}` or space since), and the
 * suggestions that start with it; null when the caret is not inside one.
 */
export function completionsAt(
  text: string,
  caret: number,
  suggestions: readonly ReferenceSuggestion[],
): { from: number; items: ReferenceSuggestion[] } | null {
  const open = text.lastIndexOf("{", caret - 1);
  if (open < 0) return null;
  const typed = text.slice(open, caret);
  if (/[}\s]/.test(typed)) return null;
  const items = suggestions.filter((s) => s.text.startsWith(typed) && s.text !== typed);
  return items.length ? { from: open, items } : null;
}

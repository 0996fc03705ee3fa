/**
 * A phase's colour on the canvas: hues a golden angle apart in the order the template lists its
 * phases, then the phases only nodes name in the order they first appear, so neighbouring phases
 * always differ and a template's colours do not change from one visit to the next.
 */
import type { Template } from "@/lib/workflow/model/template-schema";

const GOLDEN_ANGLE = 137.508;

/** Phase name → CSS colour, for every phase the template names (list and nodes). */
export function phaseColours(template: Pick<Template, "phases" | "nodes">): Map<string, string> {
  const names = new Set<string>();
  for (const p of template.phases ?? []) names.add(p.name);
  for (const node of template.nodes) if (node.phase) names.add(node.phase);
  const out = new Map<string, string>();
  [...names].forEach((name, i) => out.set(name, `hsl(${Math.round((i * GOLDEN_ANGLE + 210) % 360)} 65% 45%)`));
  return out;
}

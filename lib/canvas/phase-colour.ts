/**
 * A phase's colour on the canvas: evenly spaced hues in the order the template lists its phases,
 * so neighbouring phases differ; a phase not in the list gets a hue from its name.
 */
import type { Template } from "@/lib/workflow/template-schema";

const GOLDEN_ANGLE = 137.508;

function hashHue(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return h % 360;
}

/** Phase name → CSS colour, for every phase the template names (list and nodes). */
export function phaseColours(template: Pick<Template, "phases" | "nodes">): Map<string, string> {
  const out = new Map<string, string>();
  const listed = (template.phases ?? []).map((p) => (typeof p === "string" ? p : p.name));
  listed.forEach((name, i) => out.set(name, `hsl(${Math.round((i * GOLDEN_ANGLE + 210) % 360)} 65% 48%)`));
  for (const node of template.nodes)
    if (node.phase && !out.has(node.phase)) out.set(node.phase, `hsl(${hashHue(node.phase)} 65% 48%)`);
  return out;
}

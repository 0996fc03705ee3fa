/** The seed's Phase 4 ASCII pipeline (skeleton; the model-core issue completes it). */
import type { Template } from "@/lib/workflow/template-schema";

export function renderAsciiPipeline(template: Template): string {
  const rule = "━".repeat(50);
  const lines = template.nodes.map((n) => ` ${n.id.padEnd(6)} [${n.type}]  ${n.name}`);
  return [`Pipeline: ${template.name}`, rule, ...lines, rule].join("\n");
}

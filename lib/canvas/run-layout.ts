/**
 * The run page lays a template out once: the run canvas is re-projected on every batch of events,
 * and auto-layout (dagre, or the layered layout at 1,000 nodes) must not run each time. A template
 * whose nodes all carry positions is used as it is.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { autoLayout } from "./auto-layout";

const laidOut = new WeakMap<Template, Template>();

export function layoutOnce(template: Template): Template {
  if (template.nodes.every((n) => n.position)) return template;
  let t = laidOut.get(template);
  if (!t) laidOut.set(template, (t = autoLayout(template, { direction: "LR" })));
  return t;
}

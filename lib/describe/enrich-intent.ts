/**
 * Enrich (docs/describe.md, phase 3) and the template assembly: resolved nodes →
 * edges (parallel fan-out / fan-in) → injected checkpoints → pinned `{prev_*}` references →
 * context_schema → a template, validated.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { injectCheckpoints, type InjectionReport } from "@/lib/workflow/checkpoints/inject-checkpoints";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { templateIdFor } from "@/lib/workflow/versions/template-identity";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { wireParallelGroups } from "@/lib/workflow/edit/wire-parallel-groups";
import { aggregateContextSchema } from "./aggregate-context-schema";
import { describeTemplateName } from "./describe-identity";
import type { Intent } from "./intent-schema";
import { pinPrevReferences } from "./pin-prev-references";
import type { ResolvedIntent } from "./resolve-intent";

export interface EnrichedTemplate {
  template: Template;
  report: InjectionReport;
  /** From `validateTemplate`; a described template is expected to have no errors. */
  diagnostics: Diagnostic[];
}

/** Rough minutes per node kind, for `metadata.estimated_duration`. */
function minutes(node: WorkflowNode): [number, number] {
  if (node.type === "shell" || node.type === "http") return [1, 3];
  if (node.type === "skill" || node.type === "agent") return [5, 15];
  return [0, 0];
}

export function enrichIntent(intent: Intent, resolved: ResolvedIntent): EnrichedTemplate {
  const now = new Date(intent.created_at);
  const name = describeTemplateName(intent.task_type, intent.raw_description);
  const nodes = resolved.nodes;
  const hasGroups = nodes.some((n) => n.parallel_group);
  const draft: Template = {
    template_id: templateIdFor(name, Number.isNaN(now.getTime()) ? new Date(0) : now),
    name,
    description: intent.raw_description.replace(/\s+/g, " ").trim().slice(0, 120),
    version: "1.0",
    created_at: intent.created_at,
    source_session: intent.session_id,
    tags: [intent.task_type, intent.complexity],
    context_schema: {},
    nodes,
    edges: wireParallelGroups(nodes),
    checkpoints: nodes.filter((n) => n.type === "checkpoint").map((n) => n.id),
    atomic_groups: [],
    execution_mode: hasGroups ? "parallel" : "serial",
    metadata: {},
  };
  const injected = injectCheckpoints(draft);
  const pinned = pinPrevReferences(injected.template);
  const work = pinned.nodes.filter((n) => n.type !== "checkpoint");
  const [lo, hi] = work.map(minutes).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
  const template: Template = {
    ...pinned,
    context_schema: aggregateContextSchema(pinned.nodes, intent.variables, resolved.recipeVariables),
    metadata: {
      node_count: work.length,
      checkpoint_count: pinned.nodes.length - work.length,
      estimated_duration: `${lo}-${hi} min`,
      task_type: intent.task_type,
      complexity: intent.complexity,
      source: "describe",
    },
  };
  const validation = validateTemplate(template);
  return { template: validation.template ?? template, report: injected.report, diagnostics: validation.diagnostics };
}

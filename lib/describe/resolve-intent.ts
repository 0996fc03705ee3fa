/**
 * Resolve (docs/describe.md, phase 2): each intent step → one node.
 * - a pause → a `checkpoint` with `auto_continue: false` (a user breakpoint, never replaced by injection)
 * - a command in backticks → a `shell` node running it
 * - otherwise the best catalog entry → a `skill` node whose `executor` names it (or, for an
 *   entry with `emit: inline`, its recipe as a shell / agent / http node)
 * - nothing matches and no fallback entry → an `agent` node on the default provider
 */
import type { Variable, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { parallelStages } from "@/lib/workflow/edit/wire-parallel-groups";
import { buildArgsTemplate, type ArgsPredecessor } from "./build-args-template";
import type { ExecutorCatalog } from "./executor-catalog-schema";
import type { Intent, IntentStep } from "./intent-schema";
import { inlineRecipeNode } from "./inline-recipe-node";
import { matchCatalogEntry } from "./match-catalog-entry";

export interface ResolvedIntent {
  nodes: WorkflowNode[];
  /** Variables the chosen recipes need (e.g. `webhook_url` of `notify`). */
  recipeVariables: Record<string, Variable>;
  assumptions: string[];
}

export function stepNodeId(seq: number): string {
  return `N-${String(seq).padStart(3, "0")}`;
}

/** "plan the feature" → "Plan the feature", cut at a word boundary near 48 characters. */
function nodeName(description: string): string {
  const oneLine = description.replace(/\s+/g, " ").trim();
  const cut = oneLine.length > 48 ? oneLine.slice(0, 48).replace(/\s+\S*$/, "") + "…" : oneLine;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** For each step, the work steps it directly follows; pauses in between are looked through. */
function workPredecessors(steps: readonly IntentStep[]): Map<number, ArgsPredecessor[]> {
  const bySeq = new Map(steps.map((s) => [String(s.seq), s]));
  const stages = parallelStages(steps.map((s) => ({ id: String(s.seq), parallel_group: s.parallel_group ?? null })));
  const out = new Map<number, ArgsPredecessor[]>();
  let last: ArgsPredecessor[] = [];
  for (const stage of stages) {
    const members = stage.map((id) => bySeq.get(id)!);
    for (const m of members) out.set(m.seq, last);
    const work = members.filter((m) => m.type_hint !== "checkpoint");
    if (work.length) last = work.map((m) => ({ id: stepNodeId(m.seq), hint: m.type_hint }));
  }
  return out;
}

export function resolveIntent(intent: Intent, catalog: ExecutorCatalog): ResolvedIntent {
  const preds = workPredecessors(intent.steps);
  const recipeVariables: Record<string, Variable> = {};
  const assumptions: string[] = [];
  const nodes = intent.steps.map((step): WorkflowNode => {
    const common = {
      id: stepNodeId(step.seq),
      name: nodeName(step.description),
      description: step.description,
      parallel_group: step.parallel_group ?? null,
    };
    if (step.type_hint === "checkpoint") {
      return {
        ...common,
        type: "checkpoint",
        auto_continue: false,
        save_fields: ["session_id", "artifacts", "output_path"],
      };
    }
    if (step.command) {
      return { ...common, type: "shell", executor: "sh", args_template: step.command, on_fail: "abort" };
    }
    const match = matchCatalogEntry(catalog, step);
    const args = (recipeKind: "shell" | "agent" | "http") =>
      buildArgsTemplate({
        description: step.description,
        hint: step.type_hint,
        variables: step.variables,
        recipeKind,
        preds: preds.get(step.seq) ?? [],
      });
    if (!match) {
      assumptions.push(`Step ${step.seq} ("${step.description}") matched no catalog entry; the default agent does it.`);
      return { ...common, type: "agent", executor: "default", args_template: args("agent"), on_fail: "abort" };
    }
    const { entry } = match;
    Object.assign(recipeVariables, entry.variables ?? {});
    if (match.fallback) {
      assumptions.push(`Step ${step.seq} ("${step.description}") matched no specific executor; using "${match.name}".`);
    }
    const work =
      entry.emit === "inline"
        ? inlineRecipeNode(entry.recipe, args(entry.recipe.kind))
        : { type: "skill" as const, executor: match.name, args_template: args(entry.recipe.kind) };
    return {
      ...common,
      ...work,
      ...(entry.input_ports ? { input_ports: entry.input_ports } : {}),
      ...(entry.output_ports ? { output_ports: entry.output_ports } : {}),
      on_fail: "abort",
      ...(entry.phase ? { phase: entry.phase } : {}),
      ...(entry.tier ? { tier: entry.tier } : {}),
      ...(entry.timeout_s ? { timeout_s: entry.timeout_s } : {}),
      ...(entry.long_running ? { long_running: true } : {}),
      ...(entry.artifact ? { artifact: true } : {}),
    };
  });
  return { nodes, recipeVariables, assumptions };
}

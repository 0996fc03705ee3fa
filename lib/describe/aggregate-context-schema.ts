/**
 * The context_schema of a described workflow (docs/describe.md, phase 3): every `{variable}`
 * referenced by a node, described from the intent when it defines it, else from the recipe that
 * needs it, else inferred (string, required). Variables the user named but no node references are
 * kept too.
 */
import { parseReferences } from "@/lib/workflow/model/references";
import type { Variable, WorkflowNode } from "@/lib/workflow/model/template-schema";
import type { IntentVariable } from "./intent-schema";

const TEXT_FIELDS = ["args_template", "condition", "url", "body", "prompt"] as const;

export function aggregateContextSchema(
  nodes: readonly WorkflowNode[],
  intentVariables: Readonly<Record<string, IntentVariable>>,
  recipeVariables: Readonly<Record<string, Variable>>,
): Record<string, Variable> {
  const names = new Set(Object.keys(intentVariables));
  for (const name of Object.keys(recipeVariables)) names.add(name);
  for (const node of nodes) {
    for (const field of TEXT_FIELDS) {
      const text = (node as Record<string, unknown>)[field];
      if (typeof text !== "string") continue;
      for (const ref of parseReferences(text)) if (ref.kind === "variable") names.add(ref.name);
    }
  }
  const schema: Record<string, Variable> = {};
  for (const name of names) {
    schema[name] = intentVariables[name] ??
      recipeVariables[name] ?? { type: "string", required: true, description: name.replace(/_/g, " ") };
  }
  return schema;
}

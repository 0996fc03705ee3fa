/**
 * For catalog entries with `emit: inline`: the recipe written into the node itself (a shell, agent
 * or http node with `{args}` filled in), so the template runs without that catalog entry.
 */
import { applySkillArgs } from "./apply-skill-args";
import type { Recipe } from "./executor-catalog-schema";

/** The type-specific fields of the node; the caller adds id, name, ports and the rest. */
export function inlineRecipeNode(recipe: Recipe, args: string) {
  const filled = applySkillArgs(recipe, args);
  switch (filled.kind) {
    case "shell":
      return { type: "shell" as const, executor: "sh", args_template: filled.command };
    case "agent":
      return {
        type: "agent" as const,
        executor: filled.provider ?? "default",
        args_template: filled.prompt,
        ...(filled.provider ? { provider: filled.provider } : {}),
      };
    case "http":
      return {
        type: "http" as const,
        executor: "http",
        args_template: args,
        method: filled.method,
        url: filled.url,
        ...(filled.headers ? { headers: filled.headers } : {}),
        ...(filled.body !== undefined ? { body: filled.body } : {}),
      };
  }
}

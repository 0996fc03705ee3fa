/**
 * Puts a skill node's arguments into its recipe: every `{args}` in the command, prompt, URL, headers
 * or body becomes `args` (the node's `args_template` after the engine substituted it). Other
 * references are left for the engine's own substitution.
 */
import type { Recipe } from "./executor-catalog-schema";

export function applySkillArgs(recipe: Recipe, args: string): Recipe {
  const fill = (text: string) => text.replace(/(?<![{$])\{args\}/g, () => args);
  switch (recipe.kind) {
    case "shell":
      return { ...recipe, command: fill(recipe.command) };
    case "agent":
      return { ...recipe, prompt: fill(recipe.prompt) };
    case "http":
      return {
        ...recipe,
        url: fill(recipe.url),
        ...(recipe.body !== undefined ? { body: fill(recipe.body) } : {}),
        ...(recipe.headers
          ? { headers: Object.fromEntries(Object.entries(recipe.headers).map(([k, v]) => [k, fill(v)])) }
          : {}),
      };
  }
}

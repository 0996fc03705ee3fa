/**
 * Capability tiers at run time (the rule itself: lib/workflow/model/capability-tiers.ts): a declared
 * tier below what the node needs fails the node — for a skill node, what its catalog recipe runs;
 * `forbids_files` globs fail it when it created them.
 */
import type { Recipe } from "@/lib/describe/executor-catalog-schema";
import { recipeTier, requiredTier as tierFor, TIER_RANK } from "@/lib/workflow/model/capability-tiers";
import type { Tier, WorkflowNode } from "@/lib/workflow/model/template-schema";

export function requiredTier(node: WorkflowNode, commandLine?: string): Tier {
  return tierFor(node.type, !!node.args_template, [commandLine ?? node.args_template ?? ""]);
}

/** What a recipe runs, in words for messages. */
export function describeRecipe(recipe: Recipe): string {
  return recipe.kind === "shell" ? "a shell command" : recipe.kind === "agent" ? "an agent prompt" : "an HTTP request";
}

/**
 * The needed tier when the declared one is too low, else undefined. For a skill node pass its
 * recipe (with `{args}` put in): the recipe is what runs.
 */
export function tierViolation(node: WorkflowNode, commandLine?: string, recipe?: Recipe): Tier | undefined {
  if (!node.tier) return undefined;
  let needed = requiredTier(node, commandLine);
  const forRecipe = recipe && recipeTier(recipe.kind, recipe.kind === "shell" ? recipe.command : "");
  if (forRecipe && TIER_RANK[forRecipe] > TIER_RANK[needed]) needed = forRecipe;
  return TIER_RANK[node.tier] < TIER_RANK[needed] ? needed : undefined;
}

/** A glob (`*`, `**`, `?`) as a RegExp over `/`-separated relative paths. */
export function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
      if (glob[i + 1] === "/") i++;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  // A pattern without a slash matches the file name at any depth.
  return glob.includes("/") ? new RegExp(`^${re}$`) : new RegExp(`(^|/)${re}$`);
}

export function forbiddenFiles(created: readonly string[], globs: readonly string[]): string[] {
  const res = globs.map(globToRegExp);
  return created.filter((f) => res.some((r) => r.test(f)));
}

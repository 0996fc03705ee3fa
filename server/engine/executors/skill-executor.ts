/**
 * `skill`: `executor` names an executor-catalog entry; its recipe (shell / agent / http) runs
 * with `{args}` = the node's `args_template` (references substituted once, with the recipe's).
 */
import { applySkillArgs } from "@/lib/describe/apply-skill-args";
import { resolveSkillRecipe } from "@/lib/describe/resolve-skill-recipe";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { describeRecipe, tierViolation } from "@/server/engine/confinement/capability-tiers";
import { runAgentPrompt } from "./agent-executor";
import type { Executor } from "./executor";
import { runHttpRequest } from "./http-executor";
import { runCommandLine } from "./shell-executor";

/** The catalog is read at each run (the file is small and may change). */
export const skillExecutor: Executor = {
  run(ctx) {
    let current: ReturnType<typeof ctx.catalog>;
    try {
      current = ctx.catalog();
    } catch (err) {
      return Promise.resolve({ status: "failed", error: err instanceof Error ? err.message : String(err) });
    }
    const found = resolveSkillRecipe(current, ctx.node.executor);
    if (!found.ok)
      return Promise.resolve({ status: "failed", error: found.diagnostic.message, code: found.diagnostic.code });
    // `{args}` takes the node's args_template as written; the recipe's texts are then substituted
    // once, so a value that looks like a reference is never substituted again.
    const recipe = applySkillArgs(found.recipe, ctx.node.args_template ?? "");
    // The catalog is read again here and may have changed since the run started: the tier holds for what runs now.
    const needed = tierViolation(ctx.node, ctx.node.args_template, recipe);
    if (needed)
      return Promise.resolve({
        status: "failed",
        error: `${RUN_CODES.RUN015(ctx.nodeId, needed, ctx.node.tier!)} (skill ${found.name} runs ${describeRecipe(recipe)})`,
        code: "RUN015",
      });
    ctx.log("engine", `skill ${found.name} (${recipe.kind})\n`);
    switch (recipe.kind) {
      case "shell":
        return runCommandLine(ctx, recipe.command, `skill ${found.name} command`);
      case "agent":
        return runAgentPrompt(ctx, recipe.prompt, recipe.provider, recipe.system);
      case "http":
        return runHttpRequest(ctx, recipe);
    }
  },
};

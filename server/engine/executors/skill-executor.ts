/**
 * `skill`: `executor` names an executor-catalog entry; its recipe (shell / agent / http) runs
 * with `{args}` = the node's substituted `args_template`.
 */
import { applySkillArgs } from "@/lib/describe/apply-skill-args";
import { resolveSkillRecipe } from "@/lib/describe/resolve-skill-recipe";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import { runAgentPrompt } from "./agent-executor";
import type { Executor } from "./executor";
import { runHttpRequest } from "./http-executor";
import { runCommandLine } from "./shell-executor";
import { shellQuote } from "./shell-quote";

/** `catalog` is read at each run when not given (the file is small and may change). */
export function createSkillExecutor(catalog?: () => ExecutorCatalog): Executor {
  return {
    run(ctx) {
      let current: ExecutorCatalog;
      try {
        current = catalog ? catalog() : loadExecutorCatalog();
      } catch (err) {
        return Promise.resolve({ status: "failed", error: err instanceof Error ? err.message : String(err) });
      }
      const found = resolveSkillRecipe(current, ctx.node.executor);
      if (!found.ok)
        return Promise.resolve({ status: "failed", error: found.diagnostic.message, code: found.diagnostic.code });
      const raw = ctx.node.args_template ?? "";
      const shell = found.recipe.kind === "shell";
      const recipe = applySkillArgs(found.recipe, ctx.resolve(raw, shell ? shellQuote : undefined));
      ctx.log("engine", `skill ${found.name} (${recipe.kind})\n`);
      switch (recipe.kind) {
        case "shell":
          return runCommandLine(ctx, ctx.resolve(recipe.command, shellQuote));
        case "agent":
          return runAgentPrompt(ctx, recipe.prompt, recipe.provider, recipe.system);
        case "http":
          return runHttpRequest(ctx, recipe);
      }
    },
  };
}

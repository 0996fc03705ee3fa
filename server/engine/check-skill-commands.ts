/**
 * Skill nodes, checked against their catalog recipe before the run starts: the node's declared
 * tier must allow what the recipe runs (WF073: a shell recipe needs rwx, or git when it runs git;
 * an agent or http recipe rw), and a shell recipe with the node's `{args}` put in is planned like
 * any command line, so an untokenizable one, or one that hands a value to a shell as code, is refused
 * with WF090 / WF091 / WF100 / WF101 (node, field, line, column) instead of failing when the node runs.
 * A catalog that cannot be read, or an unknown entry, is left to the node itself (it fails with its own message).
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import { applySkillArgs } from "@/lib/describe/apply-skill-args";
import { resolveSkillRecipe } from "@/lib/describe/resolve-skill-recipe";
import { SHELL_REFUSAL_CODES } from "@/lib/workflow/validate/check-shell-commands";
import { planShellCommand } from "@/lib/workflow/shell/plan-shell-command";
import type { Template } from "@/lib/workflow/model/template-schema";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { describeRecipe, tierViolation } from "@/server/engine/confinement/capability-tiers";

export function checkSkillCommands(template: Template, catalog: () => ExecutorCatalog): Diagnostic[] {
  const skills = template.nodes.filter((n) => n.type === "skill");
  if (!skills.length) return [];
  let current: ExecutorCatalog;
  try {
    current = catalog();
  } catch {
    return [];
  }
  const out: Diagnostic[] = [];
  for (const node of skills) {
    const found = resolveSkillRecipe(current, node.executor);
    if (!found.ok) continue;
    const command = applySkillArgs(found.recipe, node.args_template ?? "");
    const needed = tierViolation(node, node.args_template, command);
    if (needed) {
      const where = { nodeId: node.id, field: "tier", path: `nodes.${template.nodes.indexOf(node)}.tier` };
      out.push(wfIssue("WF073", where, node.id, found.name, describeRecipe(command), needed, node.tier!));
    }
    if (command.kind !== "shell") continue;
    const plan = planShellCommand(command.command);
    if (plan.ok) continue;
    const field = `executor (skill ${found.name} command with args_template)`;
    const where = { nodeId: node.id, field, line: plan.line, column: plan.column };
    out.push(wfIssue(SHELL_REFUSAL_CODES[plan.kind], where, node.id, field, plan.message));
  }
  return out;
}

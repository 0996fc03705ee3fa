/**
 * Command lines the shell must read (shell, loop and gate `args_template`, `command` checks' `run`):
 * one the tokenizer cannot read (an unclosed quote) is WF090, a reference standing where its value
 * could not be passed as data is WF091, a script handed to a shell that would run a value as code
 * (`curl {url} | sh`, `env -S '… {x}'`) is WF100, a value evaluated as arithmetic or read as a variable
 * name (`n={x}; echo $((n))`, `read {x}`) is WF101 — all with the line and column inside the field, before
 * any run starts (docs/shell-values.md). Skill recipes are checked when they run (their catalog lives on
 * the server).
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { isRecord, nodePath, type ModelView, type ViewNode } from "./model-view";
import { planShellCommand } from "@/lib/workflow/shell/plan-shell-command";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import type { RefusalKind } from "@/lib/workflow/shell/shell-command-plan";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

/** The diagnostic for each way a command line is refused (also used for skill recipes). */
export const SHELL_REFUSAL_CODES = {
  syntax: "WF090",
  placement: "WF091",
  idiom: "WF100",
  evaluation: "WF101",
} as const satisfies Record<RefusalKind, string>;

const COMMAND_NODE_TYPES = new Set(["shell", "loop", "gate"]);

/** Every command line of a node as `[field, text]`. */
export function commandFields(node: Pick<ViewNode, "type" | "data">): [string, string][] {
  const out: [string, string][] = [];
  const cmd = node.data.args_template;
  if (COMMAND_NODE_TYPES.has(node.type ?? "") && typeof cmd === "string" && cmd.trim())
    out.push(["args_template", cmd]);
  for (const list of ["checks", "preconditions"] as const) {
    const checks = node.data[list];
    if (!Array.isArray(checks)) continue;
    checks.forEach((check: unknown, i) => {
      if (isRecord(check) && check.type === "command" && typeof check.run === "string")
        out.push([`${list}[${i}].run`, check.run]);
    });
  }
  return out;
}

export function* checkShellCommands(view: ModelView): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (let k = 0; k < view.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const node = view.nodes[k];
    for (const [field, text] of commandFields(node)) {
      const plan = planShellCommand(text);
      if (plan.ok) continue;
      const where = { nodeId: node.id, field, path: nodePath(node, field), line: plan.line, column: plan.column };
      out.push(wfIssue(SHELL_REFUSAL_CODES[plan.kind], where, node.id, field, plan.message));
    }
  }
  return out;
}

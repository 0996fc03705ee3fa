/**
 * Per-node rules: something to run, success checks that stay in the workspace, capability tiers,
 * `network: false` only where a process runs.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { isRecord, nodePath, type ModelView, type ViewNode } from "./model-view";
import { SECRETS_REFERENCE_HEAD } from "@/lib/workflow/model/references";
import { parseReferences } from "@/lib/workflow/model/references";
import { compileCheckPattern } from "@/lib/workflow/model/check-pattern";
import { TIERS, type Tier } from "@/lib/workflow/model/template-schema";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { invokesGit, TIER_RANK } from "@/lib/workflow/model/capability-tiers";
import { waitsForPerson } from "@/lib/workflow/model/normalize-template";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

const blank = (x: unknown) => typeof x !== "string" || x.trim() === "";

/** What a node of each type must carry to have anything to run, as a description naming the field. */
function missingWork(node: ViewNode): string | undefined {
  const d = node.data;
  if (node.type === "workflow" && blank(d.template)) return "child template (template)";
  if (node.type === "shell" && blank(d.args_template)) return "command line (args_template)";
  if (node.type === "skill" && blank(d.executor)) return "catalog entry (executor)";
  if (node.type === "http" && blank(d.url)) return "url";
  if (node.type === "agent" && blank(d.args_template) && blank(d.prompt)) return "prompt (args_template)";
  return undefined;
}

/** A literal path that escapes the workspace: absolute, home-relative, drive letter or `..`. */
export function escapesWorkspace(path: string): boolean {
  if (parseReferences(path).length > 0 && /^\{/.test(path)) return false; // a reference may be anything
  if (/^([/\\~]|[A-Za-z]:)/.test(path)) return true;
  return path.split(/[/\\]/).some((segment) => segment === "..");
}

/** Compiled as the engine compiles it (RE2 syntax: no look-arounds or back-references). */
function isValidPattern(pattern: string): boolean {
  return compileCheckPattern(pattern).ok;
}

function checkChecks(node: ViewNode, out: Diagnostic[]): string[] {
  const commands: string[] = [];
  for (const list of ["checks", "preconditions"] as const) {
    const checks = node.data[list];
    if (!Array.isArray(checks)) continue;
    checks.forEach((check: unknown, i) => {
      if (!isRecord(check)) return;
      const at = (field: string) => ({ nodeId: node.id, path: nodePath(node, `${list}[${i}].${field}`), field });
      if (typeof check.path === "string" && escapesWorkspace(check.path))
        out.push(wfIssue("WF040", at("path"), node.id, check.path));
      if (check.type === "file_contains" && typeof check.pattern === "string" && !isValidPattern(check.pattern))
        out.push(wfIssue("WF041", at("pattern"), node.id, check.pattern));
      if (check.type === "command" && typeof check.run === "string") commands.push(check.run);
    });
  }
  return commands;
}

const APPROVAL_FIELDS = [
  "approvals_required",
  "approval_timeout_s",
  "on_timeout",
  "forbid_self_approval",
  "allow_self_approval",
] as const;

/** Whether the node can open an approval: a person's task, a pause, a gate, or a check that asks. */
function asksAPerson(node: ViewNode): boolean {
  const d = node.data;
  if (node.type === "human" || node.type === "gate") return true;
  if (node.type === "checkpoint" && d.auto_continue === false) return true;
  return (["checks", "preconditions"] as const).some(
    (list) =>
      Array.isArray(d[list]) && d[list].some((c) => isRecord(c) && (c.type === "human" || c.on_failure === "ask")),
  );
}

/** Approval fields where no approval can open (WF093), a timeout outcome without a timeout (WF094). */
function checkApprovalFields(node: ViewNode, out: Diagnostic[]): void {
  const set = APPROVAL_FIELDS.filter((f) => node.data[f] !== undefined);
  if (!set.length) return;
  const at = (field: string) => ({ nodeId: node.id, path: nodePath(node, field), field });
  if (!asksAPerson(node)) for (const f of set) out.push(wfIssue("WF093", at(f), node.id, f));
  else if (node.data.on_timeout !== undefined && node.data.approval_timeout_s === undefined) {
    // On a node that waits for a person, `timeout_s` is how long the wait may last.
    if (!waitsForPerson(node.data) || node.data.timeout_s === undefined)
      out.push(wfIssue("WF094", at("on_timeout"), node.id));
  }
}

/**
 * Whether the node starts a process that `network: false` could confine: a command line (shell, loop,
 * gate), an agent (a CLI provider), a skill recipe, or a command check of any node.
 */
function startsProcess(node: ViewNode, commands: readonly string[]): boolean {
  if (commands.length > 0) return true;
  if (node.type === "shell" || node.type === "agent" || node.type === "skill") return true;
  return (node.type === "loop" || node.type === "gate") && !blank(node.data.args_template);
}

export function* checkNodeContents(view: ModelView): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (let k = 0; k < view.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const node = view.nodes[k];
    const missing = missingWork(node);
    if (missing) {
      // A workflow node's one missing field is named, so the inspector can point at it.
      const field = node.type === "workflow" ? "template" : undefined;
      out.push(wfIssue("WF072", { nodeId: node.id, path: nodePath(node, field), field }, node.id, missing));
    }
    const commands = checkChecks(node, out);
    checkApprovalFields(node, out);
    if (node.data.network === false && !startsProcess(node, commands))
      out.push(
        wfIssue(
          "WF102",
          { nodeId: node.id, path: nodePath(node, "network"), field: "network" },
          node.id,
          String(node.type),
        ),
      );
    if (node.id === SECRETS_REFERENCE_HEAD)
      out.push(wfIssue("WF095", { nodeId: node.id, path: nodePath(node, "id"), field: "id" }, node.id));
    const tier = node.data.tier;
    if (typeof tier !== "string" || !(TIERS as readonly string[]).includes(tier)) continue;
    const where = { nodeId: node.id, path: nodePath(node, "tier"), field: "tier" };
    if (node.type === "shell" && TIER_RANK[tier as Tier] < TIER_RANK.rwx)
      out.push(wfIssue("WF070", where, node.id, tier));
    if (node.type === "shell" && typeof node.data.args_template === "string") commands.push(node.data.args_template);
    if (tier !== "git" && commands.some(invokesGit)) out.push(wfIssue("WF071", where, node.id, tier));
  }
  return out;
}

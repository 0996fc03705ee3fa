/**
 * Capability tiers (docs/engine.md): ro < rw < rwx < git. A node needs the tier its type
 * implies (shell → rwx, agent/http → rw, others → ro), git in a command line needs `git`.
 * A declared tier below that fails the node; `forbids_files` globs fail it when it created them.
 */
import type { Tier, WorkflowNode } from "@/lib/workflow/model/template-schema";

const RANK: Record<Tier, number> = { ro: 0, rw: 1, rwx: 2, git: 3 };
const GIT_RE = /(^|[\s;&|(`$])git(\s|$)/;

export function requiredTier(node: WorkflowNode, commandLine?: string): Tier {
  const cmd = commandLine ?? node.args_template ?? "";
  if ((node.type === "shell" || node.type === "loop" || node.type === "skill") && GIT_RE.test(cmd)) return "git";
  if (node.type === "shell" || (node.type === "loop" && node.args_template)) return "rwx";
  if (node.type === "agent" || node.type === "http") return "rw";
  return "ro";
}

/** The needed tier when the declared one is too low, else undefined. */
export function tierViolation(node: WorkflowNode, commandLine?: string): Tier | undefined {
  if (!node.tier) return undefined;
  const needed = requiredTier(node, commandLine);
  return RANK[node.tier] < RANK[needed] ? needed : undefined;
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

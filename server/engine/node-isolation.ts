/**
 * What a node's processes may reach in the sandbox — the tiers as mounts (docs/sandbox.md):
 * `ro` → nothing writable; `rw` / `rwx` → the workspace, with `.git` kept read-only; `git` → the
 * workspace with `.git`, plus git's own configuration from the home folder; `forbids_files` that
 * name existing paths inside the workspace → read-only; `network: false` → no network. The engine's
 * runs folder is hidden whatever the process configuration says, so no node sees another run.
 * A node without a tier gets what its type needs (capability-tiers.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { Tier, WorkflowNode } from "@/lib/workflow/model/template-schema";
import type { Bind, Isolation } from "@/server/sandbox/isolation";
import { globToRegExp, requiredTier } from "@/server/engine/confinement/capability-tiers";
import { listWorkspaceFiles } from "@/server/engine/confinement/workspace";

/** Read-only binds past this many are left to the after-the-fact check (bwrap's argument list stays short). */
const MAX_READ_ONLY = 256;

/** Files of git's own configuration a `git` node sees (credentials are not among them). */
const GIT_CONFIG = [".gitconfig", ".config/git"];

/** Existing workspace paths that match a forbids_files glob, and folders a `dir/**` glob names. */
function forbiddenExisting(workspace: string, globs: readonly string[]): string[] {
  const out = new Set<string>();
  for (const g of globs) {
    const folder = /^([^*?]+?)\/\*\*$/.exec(g)?.[1];
    if (folder && fs.statSync(path.join(workspace, folder), { throwIfNoEntry: false })?.isDirectory())
      out.add(path.join(workspace, folder));
  }
  const res = globs.map(globToRegExp);
  for (const f of listWorkspaceFiles(workspace)) {
    if (out.size >= MAX_READ_ONLY) break;
    if (res.some((r) => r.test(f))) out.add(path.join(workspace, f));
  }
  return [...out].slice(0, MAX_READ_ONLY);
}

/** The tier a node runs with: its own, else what its type needs (a skill runs a recipe, as a shell node would). */
function effectiveTier(node: WorkflowNode): Tier {
  if (node.tier) return node.tier;
  const needed = requiredTier(node);
  return node.type === "skill" && needed === "ro" ? "rwx" : needed;
}

export function nodeIsolation(node: WorkflowNode, o: { workspace: string; runsDir: string; home?: string }): Isolation {
  const tier = effectiveTier(node);
  const readOnly: string[] = [];
  const binds: Bind[] = [];
  const exists = fs.existsSync(o.workspace);
  if (exists && node.forbids_files?.length) readOnly.push(...forbiddenExisting(o.workspace, node.forbids_files));
  const git = path.join(o.workspace, ".git");
  if (tier !== "git" && exists && fs.existsSync(git)) readOnly.push(git);
  if (tier === "git" && o.home)
    for (const f of GIT_CONFIG) if (fs.existsSync(path.join(o.home, f))) binds.push({ path: path.join(o.home, f) });
  return {
    workspace: o.workspace,
    writable: tier !== "ro",
    network: node.network !== false,
    hidden: [o.runsDir],
    ...(readOnly.length ? { readOnly } : {}),
    ...(binds.length ? { binds } : {}),
  };
}

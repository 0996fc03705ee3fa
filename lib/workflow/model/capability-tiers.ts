/**
 * Capability tiers, ro < rw < rwx < git — the one place the rule lives, for the validator and the
 * engine alike: a node needs the tier its type implies (shell, or a loop with its own command → rwx;
 * agent and http → rw; the rest → ro), and a command line that runs git needs `git`. A skill node
 * needs what its catalog recipe runs: a shell command rwx (git when it runs git), an agent prompt or
 * an HTTP request rw.
 */
import type { Tier } from "./template-schema";

export const TIER_RANK: Readonly<Record<Tier, number>> = { ro: 0, rw: 1, rwx: 2, git: 3 };

/** `git` invoked as a command word anywhere in a command line (after `;`, `&&`, `|`, `(`, `$(`, a backquote, a newline…). */
const GIT_COMMAND_RE = /(^|[\s;&|(`$])git(\s|$)/m;

/** Whether a command line (a shell node's, a loop's, a skill recipe's or a command check's) runs git. */
export function invokesGit(commandLine: string): boolean {
  return GIT_COMMAND_RE.test(commandLine);
}

/**
 * The tier a node needs: `type`, whether it runs a command of its own (a loop with an `args_template`),
 * and the command lines it runs (its own, its checks', its skill recipe's).
 */
export function requiredTier(type: string, runsCommand: boolean, commandLines: readonly string[]): Tier {
  const canRunGit = type === "shell" || type === "loop" || type === "skill";
  if (canRunGit && commandLines.some(invokesGit)) return "git";
  if (type === "shell" || (type === "loop" && runsCommand)) return "rwx";
  if (type === "agent" || type === "http") return "rw";
  return "ro";
}

/** What running a skill's recipe needs (`command`: a shell recipe's command line, `{args}` put in). */
export function recipeTier(kind: "shell" | "agent" | "http", command = ""): Tier {
  if (kind !== "shell") return "rw";
  return invokesGit(command) ? "git" : "rwx";
}

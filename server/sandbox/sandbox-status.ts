/**
 * Whether node processes run in the bubblewrap sandbox, decided once per process from `WF_SANDBOX`
 * and whether the bwrap program is there (docs/sandbox.md): `auto` uses it when present, `require`
 * makes every node process fail without it, `off` never uses it. The server also runs bwrap once
 * (`probeSandbox`) to learn whether it can create a sandbox here at all.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { SandboxMode } from "@/server/config/server-config";

export interface SandboxStatus {
  mode: SandboxMode;
  /** Node processes run inside bubblewrap. */
  sandboxed: boolean;
  /** The bwrap program in use (sandboxed only). */
  bwrap?: string;
  /** One line for people: "sandboxed with bubblewrap (/usr/bin/bwrap)" or "not sandboxed: <why>". */
  summary: string;
  /** Why bubblewrap cannot be used (absent when it can, or when the mode is off). */
  problem?: string;
}

export const INSTALL_HINT = "install it with `apt-get install bubblewrap`";

/** Where a bare program name is looked for when the environment has no PATH. */
const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** `program` as an executable file: a path as given, a bare name looked up on PATH. */
function findProgram(program: string, searchPath: string | undefined): string | undefined {
  const candidates = program.includes("/")
    ? [path.resolve(program)]
    : (searchPath ?? SYSTEM_PATH).split(":").flatMap((d) => (d ? [path.join(d, program)] : []));
  return candidates.find((f) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  });
}

export function sandboxStatus(mode: SandboxMode, bwrap: string, searchPath: string | undefined): SandboxStatus {
  if (mode === "off") return { mode, sandboxed: false, summary: "not sandboxed: WF_SANDBOX=off" };
  const found = findProgram(bwrap, searchPath);
  if (found) return { mode, sandboxed: true, bwrap: found, summary: `sandboxed with bubblewrap (${found})` };
  const problem = bwrap.includes("/")
    ? `bubblewrap is not at ${bwrap} (WF_BWRAP); ${INSTALL_HINT}`
    : `bubblewrap (${bwrap}) is not on PATH; ${INSTALL_HINT}`;
  return unusable(mode, problem);
}

/** The status once bubblewrap turned out unusable: `auto` runs bare, `require` fails nodes. */
export function unusable(mode: SandboxMode, problem: string): SandboxStatus {
  const outcome = mode === "require" ? "node processes fail (WF_SANDBOX=require)" : "node processes run bare";
  return { mode, sandboxed: false, problem, summary: `not sandboxed: ${problem}; ${outcome}` };
}

/**
 * Runs `/bin/true` in a sandbox like a node's: resolves to undefined when that works, else to
 * bubblewrap's own message (e.g. no permission to create namespaces in this container).
 */
export function probeSandbox(bwrap: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      bwrap,
      [...args, "--", "/bin/true"],
      { timeout: 10_000, env: {} as NodeJS.ProcessEnv },
      (err, _out, stderr) => resolve(err ? stderr.trim().split("\n").pop() || err.message : undefined),
    );
  });
}

/**
 * The one way a node's process is started (docs/sandbox.md): shell nodes, `command` checks, skill
 * recipes and agent CLIs all launch through a ProcessSandbox, built once per process by its
 * composition root from the process settings. With bubblewrap the job runs confined by its
 * isolation (bwrap-args.ts) plus the hidden paths; without it `auto` runs it bare and `require`
 * refuses (RUN040).
 */
import fs from "node:fs";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { readServerConfig, type ProcessSettings } from "@/server/config/server-config";
import { bwrapArgs, isWithin, type HiddenPath } from "./bwrap-args";
import type { Isolation } from "./isolation";
import { failedLaunch, helperLauncher, localLauncher, type LaunchedChild } from "./process-launcher";
import { probeSandbox, sandboxStatus, unusable, type SandboxStatus } from "./sandbox-status";

export interface LaunchRequest {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdin?: string;
  /** What it may reach; absent: its `cwd` as a writable workspace, with the network. */
  isolation?: Isolation;
}

export interface ProcessSandbox {
  /** Whether node processes are sandboxed, and why not (health, Settings, the run page). */
  readonly status: SandboxStatus;
  /** The allowlisted host variables every node process starts from. */
  readonly hostEnv: Readonly<Record<string, string>>;
  launch(req: LaunchRequest): LaunchedChild;
  /** Runs bubblewrap once; when it cannot create a sandbox here, the status says so from then on. */
  verify(): Promise<SandboxStatus>;
}

/** The hidden paths that exist, each as a folder or a file (the real path: bwrap mounts on it). */
function existing(paths: readonly string[]): HiddenPath[] {
  const out: HiddenPath[] = [];
  for (const p of paths) {
    let real: string;
    let stat: fs.Stats;
    try {
      real = fs.realpathSync(p);
      stat = fs.statSync(real);
    } catch {
      continue; // not there: nothing to hide
    }
    out.push({ path: real, kind: stat.isDirectory() ? "dir" : "file" });
  }
  return out;
}

/** Inside the sandbox only /tmp is writable, so a TMPDIR elsewhere is pointed there. */
function sandboxEnv(env: Readonly<Record<string, string | undefined>>) {
  return env.TMPDIR && !isWithin("/tmp", env.TMPDIR) ? { ...env, TMPDIR: "/tmp" } : env;
}

export function createProcessSandbox(settings: ProcessSettings): ProcessSandbox {
  let status = sandboxStatus(settings.sandbox, settings.bwrap, settings.hostEnv.PATH);
  const launcher = settings.spawner === "local" ? localLauncher : helperLauncher(settings.spawners, settings.hostEnv);
  // A prepared sandbox starts its command through env(1) (job-runner.mjs).
  const canPrepare = fs.existsSync("/usr/bin/env");
  return {
    get status() {
      return status;
    },
    hostEnv: settings.hostEnv,
    launch(req) {
      if (!status.sandboxed) {
        if (status.mode === "require")
          return failedLaunch(RUN_CODES.RUN040(status.problem ?? status.summary), "RUN040");
        return launcher({ argv: req.argv, cwd: req.cwd, env: req.env, stdin: req.stdin });
      }
      const isolation = req.isolation ?? { workspace: req.cwd, writable: true, network: true };
      const hidden = existing([...settings.hidden, ...(isolation.hidden ?? [])]);
      const args = bwrapArgs(isolation, hidden);
      return launcher({
        argv: req.argv,
        cwd: isolation.workspace ?? "/",
        env: sandboxEnv(req.env),
        stdin: req.stdin,
        sandbox: { bwrap: status.bwrap!, args, prepare: canPrepare && !isolation.binds?.some((b) => b.transient) },
      });
    },
    async verify() {
      if (!status.sandboxed) return status;
      const problem = await probeSandbox(status.bwrap!, bwrapArgs({ writable: false, network: true }, []));
      if (problem) status = unusable(status.mode, `bubblewrap cannot create a sandbox here (${problem})`);
      return status;
    },
  };
}

let fallback: ProcessSandbox | undefined;
/**
 * For engines, providers and processes built without a composition root (tests, scripts): the
 * settings this process's environment gives, read once.
 */
export function defaultProcessSandbox(): ProcessSandbox {
  return (fallback ??= createProcessSandbox(readServerConfig().processes));
}

/**
 * Turns a command line as written in a template into what the engine spawns: the planned script
 * (every reference an expansion of `WF_REF_n`, lib/workflow/shell/plan-shell-command.ts), the
 * environment carrying the values, and the files holding values too large for the environment
 * (written 0600 into a private temporary folder, removed by `cleanup`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { planShellCommand } from "@/lib/workflow/shell/plan-shell-command";
import { renderShellCommand } from "@/lib/workflow/shell/render-shell-command";
import { spawnProcess, type SpawnOptions, type SpawnResult } from "@/server/sandbox/spawn-process";
import type { ExecutorContext } from "./executor";

export type PreparedCommandLine =
  | { ok: true; script: string; env: NodeJS.ProcessEnv; cleanup: () => void; valuesDir?: string }
  | { ok: false; error: string; code: "RUN022" | "RUN023" | "RUN036" };

/** `field` names where the text came from (`args_template`, `checks[0].run`, `recipe command`) for errors. */
export function prepareCommandLine(
  ctx: Pick<ExecutorContext, "env" | "lookup" | "nodeId">,
  text: string,
  field: string,
): PreparedCommandLine {
  const plan = planShellCommand(text);
  if (!plan.ok) {
    // A value that would run as code or be evaluated (the idiom table) is refused before anything runs.
    const code = plan.kind === "idiom" || plan.kind === "evaluation" ? "RUN036" : "RUN022";
    return { ok: false, code, error: RUN_CODES[code](ctx.nodeId, field, plan.line, plan.column, plan.message) };
  }
  let dir: string | undefined;
  const fileFor = (name: string) => {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "wf-refs-"));
    return path.join(dir, name);
  };
  const cleanup = () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
  const rendered = renderShellCommand(plan, ctx.lookup, fileFor);
  if (!rendered.ok) {
    cleanup();
    return { ok: false, code: "RUN023", error: RUN_CODES.RUN023(ctx.nodeId, field, rendered.error) };
  }
  try {
    for (const f of rendered.files) fs.writeFileSync(rendered.env[f.envName]!, f.value, { mode: 0o600 });
  } catch (err) {
    cleanup();
    throw err;
  }
  return {
    ok: true,
    script: rendered.script,
    env: { ...ctx.env, ...rendered.env },
    cleanup,
    ...(dir ? { valuesDir: dir } : {}),
  };
}

/**
 * Spawns a prepared command line in the node's workspace and sandbox, under its signal and timeout,
 * and removes the value files afterwards (shared by command nodes and `command` checks). The folder
 * of value files is shown to the sandboxed process, read-only, for this one launch.
 */
export async function spawnPrepared(
  ctx: Pick<ExecutorContext, "shell" | "workspace" | "signal" | "timeoutMs" | "sandbox" | "isolation">,
  prepared: Extract<PreparedCommandLine, { ok: true }>,
  extra: Partial<SpawnOptions> = {},
): Promise<SpawnResult> {
  const isolation = prepared.valuesDir
    ? {
        ...ctx.isolation,
        binds: [...(ctx.isolation.binds ?? []), { path: prepared.valuesDir, transient: true }],
      }
    : ctx.isolation;
  try {
    return await spawnProcess({
      command: prepared.script,
      shell: ctx.shell,
      cwd: ctx.workspace,
      env: prepared.env,
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
      sandbox: ctx.sandbox,
      isolation,
      ...extra,
    });
  } finally {
    prepared.cleanup();
  }
}

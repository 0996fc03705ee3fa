/**
 * Pre- and postconditions (docs/engine.md, "Pre- and postconditions"):
 * checks run in order and stop at the first failure, whose `on_failure` decides what happens
 * (fail → the node fails; warn → logged, go on; skip → the node is skipped; ask → a person decides).
 * Human checks become an approval (a reject fails the node, or skips it when the check says `skip`);
 * an approval names the check that asked, so a relaunched attempt passes exactly the approved ones. Every verdict is logged as HANDOFF_OK or GATE_FAIL. Each check runs
 * under its own timeout; file checks read regular files only (a FIFO is refused, never opened blocking).
 */
import fs from "node:fs";
import { compileCheckPattern } from "@/lib/workflow/model/check-pattern";
import type { Check } from "@/lib/workflow/model/template-schema";
import type { ApprovalRequest } from "@/lib/workflow/run/run-state";
import type { ExecutorContext } from "./executors/executor";
import { prepareCommandLine, spawnPrepared } from "./executors/prepare-command-line";
import { confinePath, notRegular, readFileCapped } from "@/server/engine/confinement/workspace";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { DEFAULT_CHECK_TIMEOUT_S } from "@/lib/workflow/model/field-bounds";
import { setSafeTimeout } from "@/server/timers/safe-timeout";

/** Bytes of a file a file_contains check searches (read up to this, never whole). */
export const FILE_CHECK_MAX_BYTES = 16 << 20;

export type ChecksVerdict =
  | { kind: "pass"; artifacts: string[] }
  | { kind: "fail"; field: string; reason: string }
  | { kind: "skip"; field: string; reason: string }
  | { kind: "ask"; request: ApprovalRequest };

/** Judges `agent_confirms` checks; undefined when no agent provider is configured. */
export type AgentJudge = (description: string, ctx: ExecutorContext) => Promise<{ ok: boolean; reasoning: string }>;

interface CheckOutcome {
  ok: boolean;
  reason?: string;
  artifact?: string;
  ask?: string;
}

async function evaluateCheck(check: Check, ctx: ExecutorContext, judge?: AgentJudge): Promise<CheckOutcome> {
  switch (check.type) {
    case "file_exists": {
      const p = confinePath(ctx.workspace, ctx.resolve(check.path));
      const st = fs.statSync(p, { throwIfNoEntry: false });
      // A folder counts (an artifact may be one); a FIFO, socket or device does not.
      const odd = st && !st.isDirectory() ? notRegular(st) : undefined;
      if (odd) return { ok: false, reason: RUN_CODES.RUN033(check.path, odd) };
      const ok = !!st && st.size > 0;
      return ok ? { ok, artifact: check.path } : { ok, reason: `file ${check.path} is missing or empty` };
    }
    case "file_contains": {
      const p = confinePath(ctx.workspace, ctx.resolve(check.path));
      const st = fs.statSync(p, { throwIfNoEntry: false });
      if (!st) return { ok: false, reason: `file ${check.path} is missing` };
      const odd = notRegular(st);
      if (odd) return { ok: false, reason: RUN_CODES.RUN033(check.path, odd) };
      const compiled = compileCheckPattern(check.pattern, ctx.lookup);
      if (!compiled.ok) return { ok: false, reason: `pattern "${check.pattern}": ${compiled.message}` };
      const { text, truncated } = readFileCapped(p, FILE_CHECK_MAX_BYTES, check.path);
      const ok = compiled.test(text);
      if (ok) return { ok, artifact: check.path };
      const more = truncated ? ` (first ${FILE_CHECK_MAX_BYTES} bytes searched)` : "";
      return { ok, reason: `pattern "${check.pattern}" not found in ${check.path}${more}` };
    }
    case "command": {
      const prepared = prepareCommandLine(ctx, check.run, "run");
      if (!prepared.ok) return { ok: false, reason: prepared.error };
      const r = await spawnPrepared(ctx, prepared);
      if (r.launchError) return { ok: false, reason: r.launchError.message };
      if (r.timedOut) return { ok: false, reason: RUN_CODES.RUN034("the command", (ctx.timeoutMs ?? 0) / 1000) };
      const expect = check.expect_exit ?? 0;
      if (r.exitCode !== expect) return { ok: false, reason: `exit code ${r.exitCode}, expected ${expect}` };
      if (check.expect_output !== undefined && !r.stdout.includes(check.expect_output))
        return { ok: false, reason: `output does not contain "${check.expect_output}"` };
      return { ok: true };
    }
    case "human":
      return { ok: false, ask: ctx.resolve(check.prompt) };
    case "agent_confirms": {
      if (!judge) return { ok: false, reason: "no agent provider is configured to confirm" };
      const v = await judge(ctx.resolve(check.description), ctx);
      return v.ok ? { ok: true } : { ok: false, reason: v.reasoning || "the agent did not confirm" };
    }
  }
}

/**
 * One check under its own timeout (`timeout_s`, default 600 s): a command is killed with its process
 * group, an agent's verdict is abandoned (its request aborted); either way the check fails with RUN034.
 * Also bounds a judge that ignores its abort signal.
 */
async function evaluateWithTimeout(check: Check, ctx: ExecutorContext, judge?: AgentJudge): Promise<CheckOutcome> {
  const seconds = check.timeout_s ?? DEFAULT_CHECK_TIMEOUT_S;
  const guard = new AbortController();
  const checkCtx: ExecutorContext = {
    ...ctx,
    signal: AbortSignal.any([ctx.signal, guard.signal]),
    timeoutMs: seconds * 1000,
  };
  let cancelTimer: (() => void) | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    cancelTimer = setSafeTimeout(() => {
      guard.abort();
      resolve({ ok: false, reason: RUN_CODES.RUN034(`the ${check.type} check`, seconds) });
    }, seconds * 1000);
  });
  try {
    return await Promise.race([evaluateCheck(check, checkCtx, judge), timedOut]);
  } finally {
    cancelTimer?.();
  }
}

function identifying(check: Check): string {
  switch (check.type) {
    case "file_exists":
    case "file_contains":
      return "path";
    case "command":
      return "run";
    case "human":
      return "prompt";
    case "agent_confirms":
      return "description";
  }
}

export async function runChecks(
  list: "checks" | "preconditions",
  checks: readonly Check[],
  ctx: ExecutorContext,
  judge?: AgentJudge,
  heldOutput?: string,
  /** Checks (by index) a person already approved in this attempt: they pass without asking again. */
  approved: readonly number[] = [],
): Promise<ChecksVerdict> {
  const artifacts: string[] = [];
  for (const [i, check] of checks.entries()) {
    const field = `${list}[${i}].${identifying(check)}`;
    let outcome: CheckOutcome;
    try {
      outcome = await evaluateWithTimeout(check, ctx, judge);
    } catch (err) {
      outcome = { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    const asks = outcome.ask !== undefined || (!outcome.ok && check.on_failure === "ask");
    if (asks && approved.includes(i)) {
      ctx.log("engine", `${field}: approved by a person\n`);
      continue;
    }
    // A person confirms (a human check, or a failed check whose on_failure is ask): the node waits.
    // After the work (checks) the node completes with its held output when they approve; before it
    // (preconditions) the attempt goes on.
    const stage = list === "checks" ? "check" : "precondition";
    const held = list === "checks" ? { output: heldOutput ?? "" } : {};
    if (outcome.ask !== undefined) {
      const onReject = check.on_failure === "skip" ? { onReject: "skip" as const } : {};
      return { kind: "ask", request: { kind: "human", prompt: outcome.ask, stage, check: i, ...held, ...onReject } };
    }
    if (outcome.ok) {
      if (outcome.artifact) artifacts.push(outcome.artifact);
      continue;
    }
    const reason = outcome.reason ?? "check failed";
    ctx.log("engine", `GATE_FAIL | node=${ctx.nodeId} | field=${field} | reason=${reason}\n`);
    const action = check.on_failure ?? "fail";
    if (action === "warn") continue;
    if (action === "skip") return { kind: "skip", field, reason };
    if (action === "ask")
      return {
        kind: "ask",
        request: { kind: "human", prompt: `${field} failed: ${reason}. Accept anyway?`, stage, check: i, ...held },
      };
    return { kind: "fail", field, reason };
  }
  return { kind: "pass", artifacts };
}

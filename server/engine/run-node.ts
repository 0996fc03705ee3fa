/**
 * One attempt of one node, as numbered steps:
 * 1. tier check (bare: a declared tier below what the node does fails it; sandboxed, the mounts do);
 * 2. preconditions (a human one opens an approval: the node waits, and runs on once approved);
 * 3. the executor, under the node's timeout and the run's abort signal (the workspace is listed
 *    before and after it when the node has forbids_files);
 * 4. forbids_files (files created during the attempt that match fail it);
 * 5. postconditions; then the HANDOFF_OK line.
 * Every step ends in a result: a throw anywhere fails the attempt with RUN025 naming the step, so
 * a node never stays running and its slot is always freed.
 */
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { forbiddenFiles, tierViolation } from "@/server/engine/confinement/capability-tiers";
import type { Executor, ExecutorContext, ExecutorResult } from "./executors/executor";
import { runChecks, type AgentJudge } from "./run-checks";
import { listWorkspaceFiles } from "@/server/engine/confinement/workspace";
import { setSafeTimeout } from "@/server/timers/safe-timeout";

export type NodeAttemptResult = ExecutorResult | { status: "skipped"; error: string };

/** The steps of an attempt, in order (names used in RUN025 and by the step hook). */
export const ATTEMPT_STEPS = [
  "tier check",
  "preconditions",
  "workspace listing",
  "executor",
  "forbids_files",
  "postconditions",
  "result",
] as const;
export type AttemptStep = (typeof ATTEMPT_STEPS)[number];

/** Called as each step begins; a test's hook may throw to fail the attempt there. */
export type AttemptStepHook = (step: AttemptStep) => void;

/** The failed result for a throw during `step`. */
export function stepFailure(nodeId: string, step: string, err: unknown): ExecutorResult {
  const problem = err instanceof Error ? err.message : String(err);
  return { status: "failed", error: RUN_CODES.RUN025(nodeId, step, problem), code: "RUN025" };
}

async function withTimeout(
  ctx: ExecutorContext,
  run: (ctx: ExecutorContext) => Promise<ExecutorResult>,
): Promise<ExecutorResult> {
  if (!ctx.timeoutMs) return run(ctx);
  // Whatever the executor started is aborted when the guard fires.
  const guard = new AbortController();
  const work = run({ ...ctx, signal: AbortSignal.any([ctx.signal, guard.signal]) });
  let cancelTimer: (() => void) | undefined;
  const seconds = ctx.timeoutMs / 1000;
  const timeout = new Promise<ExecutorResult>((resolve) => {
    // Process executors time out themselves (killing the group); this guards the others.
    cancelTimer = setSafeTimeout(() => {
      guard.abort();
      resolve({ status: "failed", error: RUN_CODES.RUN014(ctx.nodeId, seconds), code: "RUN014" });
    }, ctx.timeoutMs! + 5000);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    cancelTimer?.();
  }
}

export interface AttemptOptions {
  /** Preconditions (by index) a person approved in this attempt: it goes on past them. */
  approvedPreconditions?: readonly number[];
}

export async function runNodeAttempt(
  ctx: ExecutorContext,
  executor: Executor,
  judge?: AgentJudge,
  onStep?: AttemptStepHook,
  options: AttemptOptions = {},
): Promise<NodeAttemptResult> {
  let step: AttemptStep = "tier check";
  const enter = (next: AttemptStep) => {
    step = next;
    onStep?.(next);
  };
  try {
    return await attemptSteps(ctx, executor, judge, enter, options);
  } catch (err) {
    return stepFailure(ctx.nodeId, step, err);
  }
}

async function attemptSteps(
  ctx: ExecutorContext,
  executor: Executor,
  judge: AgentJudge | undefined,
  enter: (step: AttemptStep) => void,
  options: AttemptOptions,
): Promise<NodeAttemptResult> {
  const node = ctx.node;
  // 1. Tier. Sandboxed, the tier is the mounts (node-isolation.ts) and what the node does beyond it fails
  // there; bare, the command as written is read (values never become shell syntax, so cannot invoke git).
  enter("tier check");
  const needed = ctx.sandbox.status.sandboxed ? undefined : tierViolation(node, node.args_template);
  if (needed) return { status: "failed", error: RUN_CODES.RUN015(ctx.nodeId, needed, node.tier!), code: "RUN015" };
  // 2. Preconditions.
  enter("preconditions");
  if (node.preconditions?.length) {
    const pre = await runChecks(
      "preconditions",
      node.preconditions,
      ctx,
      judge,
      undefined,
      options.approvedPreconditions,
    );
    if (pre.kind === "fail") return { status: "failed", error: `precondition ${pre.field}: ${pre.reason}` };
    if (pre.kind === "skip") return { status: "skipped", error: `precondition ${pre.field}: ${pre.reason}` };
    // A person decides before the work starts: the node waits; approval launches this attempt again past
    // the approved precondition, a reject fails it (or skips it, when the precondition says skip).
    if (pre.kind === "ask") return { status: "waiting", request: pre.request };
  }
  // 3. The executor (a throw inside it is its own failure, reported as such).
  enter("workspace listing");
  const before = node.forbids_files?.length ? new Set(listWorkspaceFiles(ctx.workspace)) : undefined;
  enter("executor");
  let result: ExecutorResult;
  try {
    result = await withTimeout(ctx, (c) => executor.run(c));
  } catch (err) {
    result = { status: "failed", error: err instanceof Error ? err.message : String(err) };
  }
  if (result.status === "failed" && result.code === "RUN014" && ctx.timeoutMs)
    result = { ...result, error: RUN_CODES.RUN014(ctx.nodeId, ctx.timeoutMs / 1000) };
  // 4. Forbidden files (even after a failure: a violation is reported first).
  if (before && node.forbids_files) {
    enter("workspace listing");
    const created = listWorkspaceFiles(ctx.workspace).filter((f) => !before.has(f));
    enter("forbids_files");
    const bad = forbiddenFiles(created, node.forbids_files);
    if (bad.length) {
      ctx.log("engine", `GATE_FAIL | node=${ctx.nodeId} | field=forbids_files | reason=created ${bad.join(", ")}\n`);
      return { status: "failed", error: RUN_CODES.RUN016(ctx.nodeId, bad), code: "RUN016" };
    }
  }
  if (result.status !== "succeeded") return result;
  // 5. Postconditions.
  enter("postconditions");
  const post = node.checks?.length
    ? await runChecks("checks", node.checks, ctx, judge, result.output)
    : { kind: "pass" as const, artifacts: [] };
  if (post.kind === "fail") return { status: "failed", error: `check ${post.field}: ${post.reason}` };
  if (post.kind === "skip") return { status: "skipped", error: `check ${post.field}: ${post.reason}` };
  if (post.kind === "ask") return { status: "waiting", request: post.request };
  // The exit gate's line, for nodes that declare one (checks or an output file).
  enter("result");
  if (node.checks?.length || node.output_file) {
    const artifacts = [...post.artifacts, ...(node.output_file ? [node.output_file] : [])];
    ctx.log("engine", `HANDOFF_OK | node=${ctx.nodeId} | artifacts=${artifacts.join(",") || "-"}\n`);
  }
  return result;
}

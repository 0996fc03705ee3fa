/**
 * One attempt of one node, as numbered steps:
 * 1. tier check (a declared tier below what the node does fails it);
 * 2. preconditions;
 * 3. the executor, under the node's timeout and the run's abort signal;
 * 4. forbids_files (files created during the attempt that match fail it);
 * 5. postconditions; then the HANDOFF_OK line.
 */
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { forbiddenFiles, tierViolation } from "./capability-tiers";
import type { Executor, ExecutorContext, ExecutorResult } from "./executors/executor";
import { runChecks, type AgentJudge } from "./run-checks";
import { listWorkspaceFiles } from "./workspace";

export type NodeAttemptResult = ExecutorResult | { status: "skipped"; error: string };

async function withTimeout(
  ctx: ExecutorContext,
  run: (ctx: ExecutorContext) => Promise<ExecutorResult>,
): Promise<ExecutorResult> {
  if (!ctx.timeoutMs) return run(ctx);
  // Whatever the executor started is aborted when the guard fires.
  const guard = new AbortController();
  const work = run({ ...ctx, signal: AbortSignal.any([ctx.signal, guard.signal]) });
  let timer: NodeJS.Timeout | undefined;
  const seconds = ctx.timeoutMs / 1000;
  const timeout = new Promise<ExecutorResult>((resolve) => {
    // Process executors time out themselves (killing the group); this guards the others.
    timer = setTimeout(() => {
      guard.abort();
      resolve({ status: "failed", error: RUN_CODES.RUN014(ctx.nodeId, seconds), code: "RUN014" });
    }, ctx.timeoutMs! + 5000);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runNodeAttempt(
  ctx: ExecutorContext,
  executor: Executor,
  judge?: AgentJudge,
): Promise<NodeAttemptResult> {
  const node = ctx.node;
  // 1. Tier.
  // The command as written: values never become shell syntax, so they cannot invoke git either.
  const needed = tierViolation(node, node.args_template);
  if (needed) return { status: "failed", error: RUN_CODES.RUN015(ctx.nodeId, needed, node.tier!), code: "RUN015" };
  // 2. Preconditions.
  if (node.preconditions?.length) {
    const pre = await runChecks("preconditions", node.preconditions, ctx, judge);
    if (pre.kind === "fail") return { status: "failed", error: `precondition ${pre.field}: ${pre.reason}` };
    if (pre.kind === "skip") return { status: "skipped", error: `precondition ${pre.field}: ${pre.reason}` };
    if (pre.kind === "ask")
      ctx.log("engine", `precondition needs a person; human preconditions are not supported, continuing\n`);
  }
  // 3. The executor.
  const before = node.forbids_files?.length ? new Set(listWorkspaceFiles(ctx.workspace)) : undefined;
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
    const created = listWorkspaceFiles(ctx.workspace).filter((f) => !before.has(f));
    const bad = forbiddenFiles(created, node.forbids_files);
    if (bad.length) {
      ctx.log("engine", `GATE_FAIL | node=${ctx.nodeId} | field=forbids_files | reason=created ${bad.join(", ")}\n`);
      return { status: "failed", error: RUN_CODES.RUN016(ctx.nodeId, bad), code: "RUN016" };
    }
  }
  if (result.status !== "succeeded") return result;
  // 5. Postconditions.
  const post = node.checks?.length
    ? await runChecks("checks", node.checks, ctx, judge, result.output)
    : { kind: "pass" as const, artifacts: [] };
  if (post.kind === "fail") return { status: "failed", error: `check ${post.field}: ${post.reason}` };
  if (post.kind === "skip") return { status: "skipped", error: `check ${post.field}: ${post.reason}` };
  if (post.kind === "ask") return { status: "waiting", request: post.request };
  // The exit gate's line, for nodes that declare one (checks or an output file).
  if (node.checks?.length || node.output_file) {
    const artifacts = [...post.artifacts, ...(node.output_file ? [node.output_file] : [])];
    ctx.log("engine", `HANDOFF_OK | node=${ctx.nodeId} | artifacts=${artifacts.join(",") || "-"}\n`);
  }
  return result;
}

/**
 * One launched node, from context to the event that reports it: builds the executor context
 * (log sink with the per-node cap, abort signal, spawn timing), runs the attempt, and turns the
 * result into `node.succeeded` / `node.waiting` / `node.failed`.
 */
import fs from "node:fs";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ActiveRun } from "./active-run";
import type { ExecutorRegistry } from "./executors/executor-registry";
import { buildNodeContext } from "./node-context";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import type { AgentProviders } from "@/server/providers/agent-providers";
import type { ProcessSandbox } from "@/server/sandbox/process-sandbox";
import type { AgentJudge } from "./run-checks";
import { needsWorkspace } from "@/server/engine/confinement/workspace";
import { runNodeAttempt, stepFailure, type AttemptStepHook, type NodeAttemptResult } from "./run-node";

export interface ExecuteNodeDeps {
  executors: ExecutorRegistry;
  judge?: AgentJudge;
  maxOutputBytes: number;
  maxLogBytes: number;
  now: () => number;
  /** Appends a log event to the run. */
  emitLog: (event: Extract<RunEvent, { type: "node.log" }>) => void;
  onSpawn?: () => void;
  /** The shell for command lines (default `/bin/sh`). */
  shell?: string;
  /** Called as each step of the attempt begins (fault-injection tests throw from it). */
  onStep?: AttemptStepHook;
  providers: AgentProviders;
  catalog: () => ExecutorCatalog;
  sandbox: ProcessSandbox;
  runsDir: string;
}

export function resultToEvent(nodeId: string, at: number, result: NodeAttemptResult): RunEvent {
  if (result.status === "succeeded") {
    const { status: _s, ...rest } = result;
    return { type: "node.succeeded", at, nodeId, ...rest };
  }
  if (result.status === "waiting") return { type: "node.waiting", at, nodeId, request: result.request };
  if (result.status === "skipped") return { type: "node.failed", at, nodeId, error: result.error, skip: true };
  const code = "code" in result ? result.code : undefined;
  return { type: "node.failed", at, nodeId, error: result.error, ...(code ? { code } : {}) };
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes (never a cut character). */
export function truncateUtf8(text: string, maxBytes: number): string {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString("utf8");
}

export async function executeNode(
  run: ActiveRun,
  nodeId: string,
  signal: AbortSignal,
  deps: ExecuteNodeDeps,
): Promise<RunEvent> {
  // The cap counts UTF-8 bytes, as they are stored.
  let used = 0;
  const log = (stream: "stdout" | "stderr" | "engine", text: string) => {
    if (used > deps.maxLogBytes) return;
    const bytes = Buffer.byteLength(text);
    const clipped =
      used + bytes > deps.maxLogBytes ? `${truncateUtf8(text, deps.maxLogBytes - used)}\n[log truncated]\n` : text;
    used += bytes;
    deps.emitLog({ type: "node.log", at: deps.now(), nodeId, stream, text: clipped });
  };
  let result: NodeAttemptResult;
  try {
    const ctx = buildNodeContext(run, nodeId, {
      log,
      signal,
      maxOutputBytes: deps.maxOutputBytes,
      providers: deps.providers,
      catalog: deps.catalog,
      sandbox: deps.sandbox,
      runsDir: deps.runsDir,
      ...(deps.onSpawn ? { onSpawn: deps.onSpawn } : {}),
      ...(deps.shell ? { shell: deps.shell } : {}),
    });
    if (!run.workspaceReady && needsWorkspace(ctx.node)) {
      fs.mkdirSync(run.workspace, { recursive: true });
      run.workspaceReady = true;
    }
    const executor = deps.executors.get(ctx.node.type);
    const n = run.state.nodes[nodeId];
    const approvedPreconditions = n.preApproved?.attempt === n.attempts ? n.preApproved.checks : [];
    result = executor
      ? await runNodeAttempt(ctx, executor, deps.judge, deps.onStep, { approvedPreconditions })
      : { status: "failed", error: RUN_CODES.RUN021(ctx.node.type) };
  } catch (err) {
    result = stepFailure(nodeId, "context", err);
  }
  return resultToEvent(nodeId, deps.now(), result);
}

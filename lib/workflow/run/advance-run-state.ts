/**
 * The run-state reducer, in place: one event → the next state, the commands for the engine and
 * the derived info events. Events a node's current status does not allow (a late completion
 * after cancel, a duplicate) are refused: `accepted: false`, nothing changes.
 */
import { applyFailurePolicy, endsFallbackRole, fallbackOrigins, fallbackRoleHolder } from "./apply-failure-policy";
import { applyLoopUntil } from "./loop-until";
import { applyChildProgress, cancelChildOf, hasLiveChild } from "./child-run-progress";
import { closeApproval, countVote, openApproval } from "./approvals";
import { makeReady, releaseDependents } from "./propagate-readiness";
import { patchNode, type ReduceContext } from "./reduce-context";
import { resetNodes, retryFailedSet } from "./reset-nodes";
import type { RunCommand } from "./run-commands";
import { RUN_CODES } from "./run-codes";
import type { RunEvent } from "./run-events";
import { INFO_EVENT_TYPES } from "./run-events";
import type { RunSpec } from "./run-spec";
import type { RunState } from "./run-state";
import { descendantsOf } from "./run-plan";
import { routeGate } from "./route-gate";
import { finishRun, settleRunStatus } from "./settle-run-status";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { approvalTimeoutS } from "@/lib/workflow/model/approval-policy";

export interface AdvanceResult {
  accepted: boolean;
  commands: RunCommand[];
  /** Derived info events to append after the input event. */
  events: RunEvent[];
  /** Node ids whose entries changed. */
  touched: Set<string>;
}

/** Mutates `state`; node entries are replaced, not mutated (applyRunEvent relies on it). */
export function advanceRunState(spec: RunSpec, state: RunState, event: RunEvent): AdvanceResult {
  const ctx: ReduceContext = { spec, state, at: event.at, commands: [], events: [], touched: new Set() };
  const accepted = INFO_EVENT_TYPES.has(event.type) || step(ctx, event);
  if (accepted && !INFO_EVENT_TYPES.has(event.type)) settleRunStatus(ctx);
  return { accepted, commands: ctx.commands, events: ctx.events, touched: ctx.touched };
}

function step(ctx: ReduceContext, event: RunEvent): boolean {
  const { state } = ctx;
  const node = "nodeId" in event ? state.nodes[event.nodeId] : undefined;
  if ("nodeId" in event && !node) return false;
  const over = isTerminalRunStatus(state.status);
  switch (event.type) {
    case "run.started": {
      if (state.status !== "pending") return false;
      state.status = "running";
      state.startedAt = event.at;
      for (const id of ctx.spec.plan.order) if (state.blockers[id] === 0) makeReady(ctx, id);
      return true;
    }
    case "node.started": {
      if (over || node!.status !== "ready" || state.stopping) return false;
      patchNode(ctx, event.nodeId, {
        status: "running",
        attempts: node!.attempts + 1,
        startedAt: event.at,
        child: undefined,
      });
      return true;
    }
    case "node.child":
      return !over && applyChildProgress(ctx, event);
    case "node.succeeded":
      if (over) return false;
      // A workflow node waiting with its child (the child's person answered and it finished) ends from there.
      if (node!.status === "waiting" && hasLiveChild(node!)) patchNode(ctx, event.nodeId, { status: "running" });
      else if (node!.status !== "running") return false;
      succeed(ctx, event.nodeId, event.output, event.fields, event.source, event.condition);
      return true;
    case "node.failed":
      if (over || (node!.status !== "running" && node!.status !== "waiting")) return false;
      if (event.skip) skipByCheck(ctx, event.nodeId, event.error);
      else applyFailurePolicy(ctx, event.nodeId, event.error);
      return true;
    case "node.interrupted":
      if (node!.status !== "running") return false;
      patchNode(ctx, event.nodeId, { status: "interrupted" });
      applyFailurePolicy(ctx, event.nodeId, RUN_CODES.RUN011(event.nodeId));
      return true;
    case "node.waiting":
      if (over || node!.status !== "running") return false;
      openApproval(ctx, event.nodeId, event.request);
      return true;
    case "node.retry":
      if (over || node!.status !== "pending" || !node!.retryAt) return false;
      state.retrying--;
      patchNode(ctx, event.nodeId, { retryAt: undefined });
      if (state.blockers[event.nodeId] === 0) makeReady(ctx, event.nodeId);
      return true;
    case "decision.given":
      if (over || node!.status !== "waiting" || node!.approvalId !== event.approvalId) return false;
      return decide(ctx, event);
    case "approval.timed-out":
      if (over || node!.status !== "waiting" || node!.approvalId !== event.approvalId) return false;
      timeOut(ctx, event.nodeId);
      return true;
    case "run.cancelled":
      if (over) return false;
      cancelRun(ctx);
      return true;
    case "run.rerun": {
      const ids = [...descendantsOf(ctx.spec.plan, [event.nodeId])];
      resetNodes(
        ctx,
        ctx.spec.plan.order.filter((id) => ids.includes(id)),
      );
      return true;
    }
    case "run.retry-failed":
      resetNodes(ctx, retryFailedSet(ctx.spec.plan, state));
      return true;
    default:
      return true;
  }
}

function succeed(
  ctx: ReduceContext,
  id: string,
  output: string,
  fields: Record<string, unknown> | undefined,
  source?: "expression" | "condition" | "output" | "person",
  condition?: string,
): void {
  if (ctx.spec.plan.nodes[id].type === "gate") {
    if (fields) patchNode(ctx, id, { fields });
    routeGate(ctx, id, output, source ?? "output", condition);
    return;
  }
  patchNode(ctx, id, {
    status: "done",
    output,
    error: undefined,
    finishedAt: ctx.at,
    approvalId: undefined,
    request: undefined,
    ...(fields ? { fields } : {}),
  });
  applyLoopUntil(ctx, id);
  releaseDependents(ctx, id);
  // A fallback stands in for the node that called it: its output becomes that node's output.
  // Several failing nodes may share one fallback while it runs (rule c: it runs once for all).
  // A loop stands in once it has finished: the role sits on its first iteration.
  const holder = fallbackRoleHolder(ctx, id);
  if (ctx.state.nodes[holder].fallbackFor && endsFallbackRole(ctx, id)) {
    for (const origin of fallbackOrigins(ctx, holder)) {
      patchNode(ctx, origin, { fallback: { to: holder, state: "done" }, output });
      releaseDependents(ctx, origin);
    }
  }
}

function decide(ctx: ReduceContext, event: Extract<RunEvent, { type: "decision.given" }>): boolean {
  const id = event.nodeId;
  const request = ctx.state.nodes[id].request;
  // One reject rejects, however many approvals were needed.
  if (event.decision === "reject") {
    closeApproval(ctx, id, "rejected", event);
    const error = RUN_CODES.RUN012(id) + (event.comment ? `: ${event.comment}` : "");
    if (request?.onReject === "skip") skipByCheck(ctx, id, error);
    else applyFailurePolicy(ctx, id, error);
    return true;
  }
  const choice = event.answer ?? event.decision;
  if (request?.kind === "gate") {
    if (!(ctx.spec.plan.gates[id] ?? []).some((r) => r.label === choice)) return false;
  } else {
    // A human task with options takes one of them (or a plain approve); anything else is refused.
    const ownTask = request?.stage !== "check" && request?.stage !== "precondition";
    const options = request?.kind === "human" && ownTask ? request.options : undefined;
    if (options?.length && choice !== "approve" && !options.includes(choice)) return false;
  }
  const counted = countVote(ctx, event);
  if (counted !== "complete") return counted === "open";
  closeApproval(ctx, id, request?.kind === "gate" || event.answer !== undefined ? "answered" : "approved", event);
  proceed(ctx, id, choice, event.answer);
  return true;
}

/** The approval was granted (or timed out with `continue`): the node goes on with its answer. */
function proceed(ctx: ReduceContext, id: string, choice: string, answer: string | undefined): void {
  const request = ctx.state.nodes[id].request;
  if (request?.stage === "precondition") return passPrecondition(ctx, id);
  patchNode(ctx, id, { status: "running" });
  if (request?.kind === "gate") return routeGate(ctx, id, choice, "person");
  // A check approval and a pausing checkpoint hold the node's own output (a checkpoint's saved fields).
  const held = request?.stage === "check" || (request?.kind === "checkpoint" && request.output !== undefined);
  const output = held ? (request?.output ?? "") : (answer ?? (choice === "approve" ? "approved" : choice));
  succeed(ctx, id, output, request?.kind === "checkpoint" ? savedFields(output) : undefined);
}

/** A check (or precondition) whose `on_failure` is `skip` did not pass: the node is skipped, its dependents go on. */
function skipByCheck(ctx: ReduceContext, id: string, error: string): void {
  patchNode(ctx, id, {
    status: "skipped",
    skipReason: "precondition",
    error,
    approvalId: undefined,
    request: undefined,
  });
  ctx.events.push({ type: "node.skipped", at: ctx.at, nodeId: id, reason: "precondition" });
  releaseDependents(ctx, id);
}

/**
 * A person approved a human precondition: the same attempt goes on. The node is queued again with its
 * attempt count as before it started (its next start counts the same attempt, not a retry) and the
 * approved precondition recorded, so the relaunch passes it and asks only for one not yet approved.
 * A run that is stopping starts nothing new: the node is cancelled.
 */
function passPrecondition(ctx: ReduceContext, id: string): void {
  const n = ctx.state.nodes[id];
  const cleared = { approvalId: undefined, request: undefined };
  if (ctx.state.stopping) {
    patchNode(ctx, id, { ...cleared, status: "cancelled", error: "the run is stopping", finishedAt: ctx.at });
    return;
  }
  const earlier = n.preApproved?.attempt === n.attempts ? n.preApproved.checks : [];
  const checks = n.request?.check === undefined ? earlier : [...earlier, n.request.check];
  patchNode(ctx, id, {
    ...cleared,
    status: "ready",
    attempts: n.attempts - 1,
    preApproved: { attempt: n.attempts, checks },
  });
  ctx.commands.push({ type: "start", nodeId: id });
}

/** Nobody decided in time: `continue` goes on as approved (a gate takes its `else` branch), `fail` fails the node. */
function timeOut(ctx: ReduceContext, id: string): void {
  const n = ctx.state.nodes[id];
  const def = ctx.spec.defs.get(id);
  const seconds = (def && approvalTimeoutS(def)) ?? 0;
  const hasElse = (ctx.spec.plan.gates[id] ?? []).some((r) => r.label === "else");
  closeApproval(ctx, id, "timed_out");
  if (n.request?.onTimeout === "continue" && (n.request.kind !== "gate" || hasElse)) {
    proceed(ctx, id, n.request.kind === "gate" ? "else" : "approve", undefined);
    return;
  }
  applyFailurePolicy(ctx, id, RUN_CODES.RUN026(id, seconds));
}

/** A checkpoint's held output is the JSON object of its saved fields. */
function savedFields(output: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(output);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function cancelRun(ctx: ReduceContext): void {
  const { state } = ctx;
  for (const id of ctx.spec.plan.order) {
    const n = state.nodes[id];
    if (n.status === "running") ctx.commands.push({ type: "kill", nodeId: id });
    cancelChildOf(ctx, id);
    if (n.status === "waiting" && n.approvalId)
      ctx.commands.push({ type: "close-approval", approvalId: n.approvalId, status: "cancelled" });
    if (n.retryAt) state.retrying--;
    if (["running", "waiting", "pending", "ready", "interrupted"].includes(n.status))
      patchNode(ctx, id, { status: "cancelled", retryAt: undefined, finishedAt: ctx.at });
  }
  state.error ??= "cancelled";
  finishRun(ctx, "cancelled");
}

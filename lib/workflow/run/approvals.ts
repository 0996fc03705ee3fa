/**
 * Approval semantics in the reducer: opening one with the node's policy (distinct approvers,
 * timeout and its outcome, self-approval), counting votes, closing it. Pure and replayable: a
 * timeout's deadline is the waiting event's time plus the node's approval timeout (`timeout_s` on a
 * node that waits for a person), so the browser's replay computes the same deadline the engine armed.
 */
import { approvalTimeoutS, forbidsSelfApproval } from "@/lib/workflow/model/approval-policy";
import { patchNode, type ReduceContext } from "./reduce-context";
import type { RunEvent } from "./run-events";
import type { ApprovalRequest, ApprovalVote, NodeState } from "./run-state";

type CloseStatus = "approved" | "rejected" | "answered" | "cancelled" | "timed_out";
type Decision = Extract<RunEvent, { type: "decision.given" }>;

/** The request as the node's fields shape it (only what differs from the defaults is written). */
export function withApprovalPolicy(ctx: ReduceContext, nodeId: string, request: ApprovalRequest): ApprovalRequest {
  const def = ctx.spec.defs.get(nodeId);
  if (!def) return request;
  const out: ApprovalRequest = { ...request };
  if (def.approvals_required !== undefined && def.approvals_required > 1) out.required = def.approvals_required;
  const timeoutS = approvalTimeoutS(def);
  if (timeoutS !== undefined) {
    out.timeoutAt = ctx.at + Math.round(timeoutS * 1000);
    out.onTimeout = def.on_timeout ?? "fail";
  }
  if (forbidsSelfApproval(def)) out.allowSelfApproval = false;
  return out;
}

/**
 * The node waits for a person: approval `<runId>:<nodeId>:<attempt>.<request>`, asked once, armed to
 * expire. The request number counts every request of the node in this run and survives a re-run (whose
 * attempts start over), so a decision meant for an earlier request never decides a later one.
 */
export function openApproval(
  ctx: ReduceContext,
  nodeId: string,
  asked: ApprovalRequest,
  patch: Partial<NodeState> = {},
): void {
  const request = withApprovalPolicy(ctx, nodeId, asked);
  const node = ctx.state.nodes[nodeId];
  const asks = (node.asks ?? 0) + 1;
  const approvalId = `${ctx.state.runId}:${nodeId}:${node.attempts}.${asks}`;
  patchNode(ctx, nodeId, { ...patch, status: "waiting", approvalId, asks, request, votes: undefined });
  ctx.commands.push({ type: "ask", nodeId, approvalId, request });
  if (request.timeoutAt !== undefined) ctx.commands.push({ type: "expire", nodeId, approvalId, at: request.timeoutAt });
  ctx.events.push({ type: "approval.requested", at: ctx.at, nodeId, approvalId, request });
}

function voteOf(e: Decision): ApprovalVote {
  return {
    ...(e.by !== undefined ? { by: e.by } : {}),
    decision: e.decision,
    ...(e.answer !== undefined ? { answer: e.answer } : {}),
    ...(e.comment !== undefined ? { comment: e.comment } : {}),
    at: e.at,
  };
}

/**
 * Counts an approving vote: `refused` when this person already voted, `open` while fewer than the
 * required distinct approvers agreed (the vote is kept on the node), `complete` when this vote is
 * the last one needed.
 */
export function countVote(ctx: ReduceContext, e: Decision): "refused" | "open" | "complete" {
  const n = ctx.state.nodes[e.nodeId];
  const votes = n.votes ?? [];
  if (e.by !== undefined && votes.some((v) => v.by === e.by)) return "refused";
  const next = [...votes, voteOf(e)];
  if (next.length >= (n.request?.required ?? 1)) return "complete";
  patchNode(ctx, e.nodeId, { votes: next });
  ctx.commands.push({ type: "record-votes", approvalId: e.approvalId, votes: next });
  return "open";
}

/** Closes the node's open approval; a deciding event is recorded with the votes before it. */
export function closeApproval(ctx: ReduceContext, nodeId: string, status: CloseStatus, last?: Decision): void {
  const n = ctx.state.nodes[nodeId];
  if (!n.approvalId) return;
  if (last) {
    const votes = [...(n.votes ?? []), voteOf(last)];
    ctx.commands.push({ type: "record-votes", approvalId: n.approvalId, votes });
  }
  ctx.commands.push({ type: "close-approval", approvalId: n.approvalId, status });
  if (n.votes) patchNode(ctx, nodeId, { votes: undefined });
}

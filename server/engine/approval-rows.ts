/**
 * Mirrors the reducer's approval commands into the approvals table, inside the store's commit
 * transaction: `ask` opens a row with the request's policy, `record-votes` keeps the decisions so
 * far, `close-approval` closes it with the deciding person's answer.
 */
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import { closeApprovalRow, openApprovalRow, updateApprovalVotes } from "@/server/db/approval-queries";
import type { Db } from "@/server/db/open-database";
import type { ApprovalDecisionInfo } from "./run-store";

export function writeApprovalCommands(
  db: Db,
  runId: string,
  commands: readonly RunCommand[],
  decisions: ReadonlyMap<string, ApprovalDecisionInfo>,
): void {
  for (const c of commands) {
    if (c.type === "ask") {
      openApprovalRow(db, {
        id: c.approvalId,
        runId,
        nodeId: c.nodeId,
        kind: c.request.kind,
        stage: c.request.stage ?? null,
        prompt: c.request.prompt ?? null,
        options: c.request.options ? JSON.stringify(c.request.options) : null,
        createdAt: Date.now(),
        requiredApprovals: c.request.required ?? 1,
        timeoutAt: c.request.timeoutAt ?? null,
        onTimeout: c.request.onTimeout ?? null,
        allowSelfApproval: c.request.allowSelfApproval !== false,
      });
    } else if (c.type === "record-votes") {
      updateApprovalVotes(db, c.approvalId, JSON.stringify(c.votes));
    } else if (c.type === "close-approval") {
      const d = decisions.get(c.approvalId);
      closeApprovalRow(db, {
        id: c.approvalId,
        status: c.status,
        decision: d?.decision ?? null,
        answer: d?.answer ?? null,
        comment: d?.comment ?? null,
        decidedBy: d?.by ?? null,
        decidedAt: Date.now(),
      });
    }
  }
}

/**
 * A person's decision on an approval, read for the engine: which run and node the approval id
 * (`<runId>:<nodeId>:<attempt>.<request>`) names, the `decision.given` event that carries it, and the
 * CLI's automatic answer (`EngineOptions.autoDecide`).
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ApprovalRequest } from "@/lib/workflow/run/run-state";
import type { ActiveRun } from "./active-run";
import type { AutoDecision } from "./engine-options";
import { DecisionRefusedError } from "./engine-errors";

export function approvalTarget(approvalId: string): { runId: string; nodeId: string } {
  const first = approvalId.indexOf(":");
  const last = approvalId.lastIndexOf(":");
  if (first < 0 || last <= first) throw new DecisionRefusedError(`unknown approval ${approvalId}`);
  return { runId: approvalId.slice(0, first), nodeId: approvalId.slice(first + 1, last) };
}

export function decisionEvent(
  nodeId: string,
  approvalId: string,
  d: AutoDecision & { by?: string },
  at: number,
): RunEvent {
  return {
    type: "decision.given",
    at,
    nodeId,
    approvalId,
    decision: d.decision,
    ...(d.answer !== undefined ? { answer: d.answer } : {}),
    ...(d.comment !== undefined ? { comment: d.comment } : {}),
    ...(d.by !== undefined ? { by: d.by } : {}),
  };
}

/**
 * Gives an automatic answer `d` (when there is one) to a new approval, deferred: the approval row is written
 * before it is answered. The CLI's one operator stands for every approver the approval needs; a refused answer
 * (e.g. an unknown branch) leaves the node waiting for a person (`refused` logs why).
 */
export function answerAutomatically(
  run: ActiveRun,
  nodeId: string,
  approvalId: string,
  d: AutoDecision | undefined,
  request: ApprovalRequest,
  engine: { decide(approvalId: string, d: AutoDecision & { by?: string }): void; refused(err: unknown): void },
): void {
  if (!d) return;
  run.pendingDecisions++;
  queueMicrotask(() => {
    run.pendingDecisions--;
    try {
      for (let i = 1; i <= (request.required ?? 1); i++) {
        const n = run.state.nodes[nodeId];
        if (i > 1 && (n.status !== "waiting" || n.approvalId !== approvalId)) break;
        engine.decide(approvalId, { ...d, by: i === 1 ? "auto" : `auto-${i}` });
      }
    } catch (err) {
      engine.refused(err);
    }
  });
}

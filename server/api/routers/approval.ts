/**
 * `approval` router: the inbox of paused checkpoints, human tasks and undecided gates; decide one.
 * Who decided is the caller (never a field of the request); an approval may need several distinct
 * approvers, time out, or forbid the person who started the run from deciding it.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { ApprovalVoteSchema } from "@/lib/workflow/run/run-state";
import { APPROVAL_STATUSES } from "@/lib/workflow/model/statuses";
import { rethrowApiError } from "@/server/api/procedures/api-errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import type { Caller } from "@/server/auth/caller";
import {
  latestReplacement,
  selectApprovalRow,
  selectApprovalRows,
  type ApprovalInboxRow,
} from "@/server/db/approval-reads";
import { startedByOf } from "@/server/db/run-queries";
import { selectRunRowLite } from "@/server/db/run-row-reads";
import type { ApprovalRow } from "@/server/db/schema";
import type { SqlQueries } from "@/server/db/sql/sql-db";

const VotesSchema = z.array(ApprovalVoteSchema);

function toItem(a: ApprovalInboxRow) {
  const votes = VotesSchema.safeParse(JSON.parse(a.votes));
  return {
    id: a.id,
    runId: a.runId,
    /** The run's name (its template's), null when the run is gone. */
    runName: a.runName,
    /** A sub-workflow's approval: the run whose workflow node started this run (id, name); else null. */
    parentRun: a.parentRun,
    nodeId: a.nodeId,
    kind: a.kind,
    /** `check`: a person checks a node's output; `precondition`: lets a node start — approve or reject, no answer. */
    ...(a.stage ? { stage: a.stage } : {}),
    ...(a.prompt !== null ? { prompt: a.prompt } : {}),
    ...(a.options !== null ? { options: JSON.parse(a.options) as string[] } : {}),
    status: a.status,
    decision: a.decision,
    answer: a.answer,
    comment: a.comment,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt,
    createdAt: a.createdAt,
    /** Decisions given so far (who, what, comment, when); the approval closes at `requiredApprovals`. */
    votes: votes.success ? votes.data : [],
    requiredApprovals: a.requiredApprovals,
    /** When it times out (ms since epoch) and what then happens; null when it never does. */
    timeoutAt: a.timeoutAt,
    onTimeout: a.onTimeout as "continue" | "fail" | null,
    /** false: the person who started the run may not decide it. */
    allowSelfApproval: a.allowSelfApproval,
    /** The same under the template's name: true when the node says `forbid_self_approval: true`. */
    forbidSelfApproval: !a.allowSelfApproval,
    /** The request of the same node that came after this one (a re-run asked again); null: none. */
    replacedBy: a.replacedBy,
  };
}

const CLOSED: Record<string, string> = {
  approved: "was already approved",
  rejected: "was already rejected",
  answered: "was already answered",
  cancelled: "was cancelled with its run",
  timed_out: "timed out",
};

/** What besides "reject" an approval accepts when it offers choices: a gate its labels, a human task its options or "approve". */
function offeredChoices(row: ApprovalRow): string[] | undefined {
  const options = row.options ? (JSON.parse(row.options) as string[]) : [];
  if (!options.length) return undefined;
  return row.kind === "gate" ? options : ["approve", ...options];
}

/**
 * Deciding a request that is closed: CONFLICT saying how it closed and, when the node asked again since
 * (a re-run, a retry), which request replaced it — a decision is only ever of the request that was shown.
 */
async function closedConflict(sql: SqlQueries, row: ApprovalRow): Promise<TRPCError> {
  const newer = await latestReplacement(sql, row);
  const closed = (status: string) => CLOSED[status] ?? `is ${status}`;
  if (!newer) return new TRPCError({ code: "CONFLICT", message: `approval ${row.id} ${closed(row.status)}` });
  const own = row.status === "approved" || row.status === "rejected" || row.status === "answered";
  const then = newer.status === "pending" ? "decide that one" : `that one ${closed(newer.status)}`;
  return new TRPCError({
    code: "CONFLICT",
    message: `approval ${row.id} was replaced by ${newer.id} (node ${row.nodeId} asked again${own ? `; this one ${closed(row.status)}` : ""}): ${then}`,
  });
}

async function startedTheRun(sql: SqlQueries, caller: Caller, runId: string): Promise<boolean> {
  const run = await selectRunRowLite(sql, runId);
  const by = run ? startedByOf(run) : undefined;
  if (!by) return false;
  return (by.userId !== null && by.userId === caller.userId) || by.email === caller.email;
}

export const approvalRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ status: z.enum(APPROVAL_STATUSES).optional(), runId: z.string().optional() }).optional())
    .query(async ({ input, ctx }) => ({
      items: (await selectApprovalRows(ctx.deps.sql, input?.status, input?.runId)).map(toItem),
    })),

  decide: publicProcedure
    .input(
      z.object({
        approvalId: z.string().min(1).max(200),
        /** "approve" | "reject" | a gate's branch label (or a human node's option): a label, so short. */
        decision: z.string().min(1).max(200),
        comment: z.string().max(5000).optional(),
        answer: z.string().max(100_000).optional(),
        /** Accepted for old clients and ignored: the decision is recorded as the caller's. */
        by: z.string().max(200).optional(),
      }),
    )
    .mutation(async ({ input, ctx }) => {
      const { sql } = ctx.deps;
      const row = await selectApprovalRow(sql, input.approvalId);
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `no approval ${input.approvalId}` });
      if (row.status !== "pending" || row.replacedBy) throw await closedConflict(sql, row);
      // A check keeps the node's own output and a precondition has none: approve or reject, never an answer.
      if (
        (row.stage === "check" || row.stage === "precondition") &&
        (input.answer !== undefined || (input.decision !== "approve" && input.decision !== "reject"))
      )
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: `approval ${input.approvalId} ${row.stage === "check" ? "checks the output of" : "is a precondition of"} ${row.nodeId}: approve or reject it, without an answer`,
        });
      const offered = offeredChoices(row);
      const choice = input.answer ?? input.decision;
      if (offered && input.decision !== "reject" && !offered.includes(choice))
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: `decision: "${choice}" is not a choice of approval ${input.approvalId} (${["reject", ...offered].join(", ")})`,
        });
      const by = ctx.caller?.email ?? "anonymous";
      if (!row.allowSelfApproval && ctx.caller && (await startedTheRun(sql, ctx.caller, row.runId)))
        throw new TRPCError({
          code: "FORBIDDEN",
          message: `approval ${input.approvalId}: the person who started the run may not decide it`,
        });
      const votes = VotesSchema.safeParse(JSON.parse(row.votes));
      if (votes.success && votes.data.some((v) => v.by === by))
        throw new TRPCError({
          code: "CONFLICT",
          message: `approval ${input.approvalId}: ${by} already decided it; it needs ${row.requiredApprovals} different people`,
        });
      // The engine answers with the last vote's choice, so every approver must give the same one.
      const first = votes.success ? votes.data[0] : undefined;
      if (first && input.decision !== "reject" && (first.answer ?? first.decision) !== choice)
        throw new TRPCError({
          code: "CONFLICT",
          message: `approval ${input.approvalId}: ${first.by ?? "an approver"} chose "${first.answer ?? first.decision}" and every approver must agree; choose "${first.answer ?? first.decision}" too or reject`,
        });
      try {
        await ctx.deps.runs.decide(input.approvalId, {
          decision: input.decision,
          ...(input.answer !== undefined ? { answer: input.answer } : {}),
          ...(input.comment !== undefined ? { comment: input.comment } : {}),
          by,
        });
      } catch (err) {
        rethrowApiError(err);
      }
      return { ok: true };
    }),
});

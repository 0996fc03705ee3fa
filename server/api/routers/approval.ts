/** `approval` router: the inbox of paused checkpoints, human tasks and undecided gates; decide one. */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { APPROVAL_STATUSES } from "@/lib/workflow/statuses";
import { rethrowApiError } from "@/server/api/api-errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { getDb } from "@/server/db/get-db";
import { selectApprovalRow, selectApprovalRows } from "@/server/db/run-queries";
import type { ApprovalRow } from "@/server/db/schema";
import { getRunEngine } from "@/server/engine/get-run-engine";

function toItem(a: ApprovalRow) {
  return {
    id: a.id,
    runId: a.runId,
    nodeId: a.nodeId,
    kind: a.kind,
    ...(a.prompt !== null ? { prompt: a.prompt } : {}),
    ...(a.options !== null ? { options: JSON.parse(a.options) as string[] } : {}),
    status: a.status,
    decision: a.decision,
    answer: a.answer,
    comment: a.comment,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt,
    createdAt: a.createdAt,
  };
}

export const approvalRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ status: z.enum(APPROVAL_STATUSES).optional(), runId: z.string().optional() }).optional())
    .query(({ input }) => ({
      items: selectApprovalRows(getDb(), input?.status)
        .filter((a) => !input?.runId || a.runId === input.runId)
        .map(toItem),
    })),

  decide: publicProcedure
    .input(
      z.object({
        approvalId: z.string().min(1),
        /** "approve" | "reject" | a gate's branch label (or a human node's option). */
        decision: z.string().min(1),
        comment: z.string().max(5000).optional(),
        answer: z.string().max(100_000).optional(),
        by: z.string().max(200).optional(),
      }),
    )
    .mutation(({ input }) => {
      const row = selectApprovalRow(getDb(), input.approvalId);
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `no approval ${input.approvalId}` });
      if (row.status !== "pending")
        throw new TRPCError({ code: "CONFLICT", message: `approval ${input.approvalId} is already ${row.status}` });
      try {
        getRunEngine().decide(input.approvalId, input);
      } catch (err) {
        rethrowApiError(err);
      }
      return { ok: true };
    }),
});

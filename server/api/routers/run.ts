/** `run` router: start, read, list, cancel, re-run and the live event stream (DESIGN.md §7). Thin: validate, call the engine. */
import { TRPCError, tracked } from "@trpc/server";
import { z } from "zod";
import { runEventStatus } from "@/lib/workflow/run/run-events";
import { withApiErrors } from "@/server/api/api-errors";
import { DiagnosticsError, createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { getDb } from "@/server/db/get-db";
import { getTemplate } from "@/server/db/template-store";
import { parseTemplate } from "@/lib/workflow/parse-template";
import { RUN_STATUSES } from "@/lib/workflow/statuses";
import { RunNotFoundError } from "@/server/engine/engine-errors";
import { getRunEventBus } from "@/server/engine/event-bus";
import { getRunEngine } from "@/server/engine/get-run-engine";
import { tailRunEvents } from "@/server/engine/tail-run-events";
import { listRuns, runDetails } from "@/server/engine/run-details";
import type { StoredEvent } from "@/server/engine/run-store";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";

const store = () => new SqliteRunStore(getDb());
const RunIdInput = z.object({ runId: z.string().min(1) });

/** What a client receives for one stored event: `{ id, type, nodeId?, status?, …payload }`. */
export function toWireEvent(e: StoredEvent) {
  return { ...e.event, id: e.id, runId: e.runId, status: runEventStatus(e.event) ?? undefined };
}

export const runRouter = createTRPCRouter({
  start: publicProcedure
    .input(
      z.object({
        templateId: z.string().min(1).optional(),
        /** An unsaved template to run as is (the editor's "run draft"). */
        template: z.record(z.string(), z.unknown()).optional(),
        variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
      }),
    )
    .mutation(({ input }) =>
      withApiErrors(() => {
        const engine = getRunEngine();
        if (input.template) {
          const parsed = parseTemplate(input.template);
          if (!parsed.ok) throw new DiagnosticsError("the template is not valid", parsed.diagnostics);
          return engine.startRun({ template: parsed.template, variables: input.variables, refuseUndeclared: true });
        }
        if (!input.templateId)
          throw new TRPCError({ code: "BAD_REQUEST", message: "templateId or template is required" });
        const t = getTemplate(getDb(), input.templateId);
        return engine.startRun({
          template: t.template,
          variables: input.variables,
          refuseUndeclared: true,
          templatePk: t.id,
          templateVersion: t.version,
        });
      }),
    ),

  get: publicProcedure.input(RunIdInput).query(({ input }) =>
    withApiErrors(() => {
      const details = runDetails(store(), input.runId);
      if (!details) throw new RunNotFoundError(input.runId);
      return details;
    }),
  ),

  list: publicProcedure
    .input(z.object({ status: z.enum(RUN_STATUSES).optional() }).optional())
    .query(({ input }) => ({ items: listRuns(getDb(), input?.status) })),

  cancel: publicProcedure
    .input(RunIdInput)
    .mutation(({ input }) => withApiErrors(() => ({ ok: getRunEngine().cancel(input.runId) }))),

  rerunFrom: publicProcedure
    .input(z.object({ runId: z.string().min(1), nodeId: z.string().min(1), confirm: z.boolean().optional() }))
    .mutation(({ input }) =>
      withApiErrors(() => {
        getRunEngine().rerunFrom(input.runId, input.nodeId, input.confirm ?? false);
        return { ok: true };
      }),
    ),

  retryFailed: publicProcedure.input(RunIdInput).mutation(({ input }) =>
    withApiErrors(() => {
      getRunEngine().retryFailed(input.runId);
      return { ok: true };
    }),
  ),

  /** Subscribe to the bus first, replay persisted events after lastEventId, then tail. */
  onEvent: publicProcedure
    .input(z.object({ runId: z.string().min(1), lastEventId: z.union([z.string(), z.number()]).nullish() }))
    .subscription(async function* ({ input, signal }) {
      const last = Number(input.lastEventId ?? 0) || 0;
      for await (const e of tailRunEvents(store(), getRunEventBus(), input.runId, last, signal))
        yield tracked(String(e.id), toWireEvent(e));
    }),
});

/**
 * `live` router: `live.watch`, the one SSE connection per browser tab (run events, the pending
 * approvals count, run list changes, trigger fires). Messages are untracked: the client resumes a run's events
 * with `afterEventId` = the id of the last event it applied.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { untilAccessEnds } from "@/server/api/procedures/until-access-ends";
import { selectRunRowLite } from "@/server/db/run-row-reads";
import { watchLive } from "@/server/engine/watch-live";

export const LiveWatchInput = z.object({
  runId: z.string().min(1).optional(),
  /** Run events with an id above this are replayed, then tailed. */
  afterEventId: z.number().int().min(0).optional(),
  approvals: z.boolean().optional(),
  runs: z.boolean().optional(),
  /** Trigger fires as they are written: `{ kind: "trigger-fire", fire }`. */
  triggers: z.boolean().optional(),
  /** Run events ready at the same moment arrive as one `{ kind: "run-events", events }` message. */
  batch: z.boolean().optional(),
});

export const liveRouter = createTRPCRouter({
  watch: publicProcedure.input(LiveWatchInput).subscription(async function* ({ ctx, input, signal }) {
    const { sql, runStore: store, bus } = ctx.deps;
    if (input.runId && !(await selectRunRowLite(sql, input.runId)))
      throw new TRPCError({ code: "NOT_FOUND", message: `no run with id ${input.runId}` });
    const deps = { sql, store, bus, fires: ctx.deps.triggers.ctx.notices };
    yield* untilAccessEnds(ctx.deps.accounts.live, ctx.caller, signal, (live) => watchLive(deps, input, live));
  }),
});

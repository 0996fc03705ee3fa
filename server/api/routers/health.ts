/**
 * `health`: liveness query (with whether node processes are sandboxed) and a heartbeat subscription
 * that proves SSE end to end.
 */
import { tracked } from "@trpc/server";
import * as z from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";

export const healthRouter = createTRPCRouter({
  ping: publicProcedure.query(({ ctx }) => {
    const { mode, sandboxed, summary } = ctx.deps.sandbox.status;
    return { ok: true, time: Date.now(), sandbox: { mode, sandboxed, summary } };
  }),
  heartbeat: publicProcedure
    .input(z.object({ intervalMs: z.number().int().min(50).max(60_000).default(1000) }).optional())
    .subscription(async function* ({ input, signal }) {
      const intervalMs = input?.intervalMs ?? 1000;
      let n = 0;
      while (!signal?.aborted) {
        n += 1;
        yield tracked(String(n), { n, time: Date.now() });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, intervalMs);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    }),
});

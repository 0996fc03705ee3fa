/** `audit` router (admin): the append-only log, newest first, filtered by actor and action. */
import * as z from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";

export const auditRouter = createTRPCRouter({
  list: publicProcedure
    .input(
      z
        .object({
          actor: z.string().max(254).optional(),
          action: z.string().max(100).optional(),
          limit: z.number().int().min(1).max(500).optional(),
          cursor: z.number().int().min(0).optional(),
        })
        .optional(),
    )
    .query(({ input, ctx }) => ctx.deps.accounts.audit.list(input ?? {})),
});

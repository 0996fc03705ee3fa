/**
 * `token` router: personal API tokens. Anyone signed in manages their own; an admin also sees and
 * revokes everyone's. The token is returned once, by `create`; only its hash is stored.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { hasRole } from "@/lib/access/roles";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";

export const tokenRouter = createTRPCRouter({
  create: publicProcedure
    .input(z.object({ name: z.string().trim().min(1, "a name saying what the token is for").max(100) }))
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.caller?.userId;
      if (!userId)
        throw new TRPCError({ code: "BAD_REQUEST", message: "WF_API_TOKEN has no account: sign in to create tokens" });
      const { token, summary } = await ctx.deps.accounts.tokens.create(userId, input.name);
      return { token, ...summary };
    }),

  list: publicProcedure.input(z.object({ all: z.boolean().optional() }).optional()).query(async ({ ctx, input }) => {
    const all = input?.all && ctx.caller && hasRole(ctx.caller.roles, "admin");
    if (!all && !ctx.caller?.userId) return { items: [] };
    return { items: await ctx.deps.accounts.tokens.list(all ? {} : { userId: ctx.caller!.userId! }) };
  }),

  revoke: publicProcedure.input(z.object({ id: z.string().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    const { tokens } = ctx.deps.accounts;
    const row = await tokens.find(input.id);
    const mine = row && row.userId === ctx.caller?.userId;
    // Someone else's token is "not found" to a non-admin: they learn nothing about it.
    if (!row || (!mine && !(ctx.caller && hasRole(ctx.caller.roles, "admin"))))
      throw new TRPCError({ code: "NOT_FOUND", message: `no token ${input.id}` });
    if (row.revokedAt !== null)
      throw new TRPCError({ code: "CONFLICT", message: `token ${input.id} is already revoked` });
    await tokens.revoke(input.id);
    return { ok: true };
  }),
});

/** `secret` router (admin): names and dates only — a value goes in with `set` and never comes out. */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { SecretNameSchema } from "@/server/secrets/secret-store";

export const secretRouter = createTRPCRouter({
  list: publicProcedure.query(({ ctx }) => ({ items: ctx.deps.secrets.list() })),

  set: publicProcedure
    .input(
      z.object({
        name: SecretNameSchema,
        value: z
          .string()
          .min(1, "a value")
          .max(64 * 1024),
      }),
    )
    .mutation(async ({ input, ctx }) => {
      await ctx.deps.secrets.set(input.name, input.value);
      return { ok: true };
    }),

  delete: publicProcedure.input(z.object({ name: SecretNameSchema })).mutation(async ({ input, ctx }) => {
    if (!(await ctx.deps.secrets.delete(input.name)))
      throw new TRPCError({ code: "NOT_FOUND", message: `no secret ${input.name}` });
    return { ok: true };
  }),
});

/** `user` router (admin): list, create, set roles. Items never carry password hashes. */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { PasswordSchema } from "@/lib/access/password-rules";
import { RoleSchema } from "@/lib/access/roles";
import { EmailSchema, UserExistsError, createUser, listUsers, setUserRoles } from "@/server/auth/user-store";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";

const RolesSchema = z.array(RoleSchema).min(1, "at least one role").max(4);

export const userRouter = createTRPCRouter({
  list: publicProcedure.query(({ ctx }) => ({ items: listUsers(ctx.deps.db) })),

  create: publicProcedure
    .input(z.object({ email: EmailSchema, password: PasswordSchema, roles: RolesSchema }))
    .mutation(async ({ input, ctx }) => {
      try {
        return { user: await createUser(ctx.deps.db, input) };
      } catch (err) {
        if (err instanceof UserExistsError) throw new TRPCError({ code: "CONFLICT", message: err.message });
        throw err;
      }
    }),

  /** Takes effect at once: the user's sessions end and they sign in again with the new roles. */
  setRoles: publicProcedure
    .input(z.object({ id: z.string().min(1).max(100), roles: RolesSchema }))
    .mutation(({ ctx, input }) => {
      if (ctx.caller?.userId === input.id && !input.roles.includes("admin"))
        throw new TRPCError({ code: "BAD_REQUEST", message: "you cannot remove your own admin role" });
      const user = setUserRoles(ctx.deps.db, input.id, input.roles);
      if (!user) throw new TRPCError({ code: "NOT_FOUND", message: `no user ${input.id}` });
      return { user };
    }),
});

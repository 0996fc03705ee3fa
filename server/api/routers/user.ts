/**
 * `user` router (admin): list, create, set roles, disable / enable / delete, reset a password.
 * Items never carry password hashes. Each change takes effect at once: the user's sessions end (and
 * their open live streams with them); a disabled or deleted user's tokens stop resolving. The last
 * enabled admin cannot be disabled, deleted or lose `admin`; nobody disables or deletes themselves.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { PasswordSchema } from "@/lib/access/password-rules";
import { RoleSchema } from "@/lib/access/roles";
import { EmailSchema } from "@/server/auth/user-store";
import { rethrowApiError } from "@/server/api/procedures/api-errors";
import { createTRPCRouter, publicProcedure, type TRPCContext } from "@/server/api/procedures/trpc";

const RolesSchema = z.array(RoleSchema).min(1, "at least one role").max(4);
const UserId = z.object({ id: z.string().min(1).max(100) });

function refuseSelf(ctx: TRPCContext, id: string, what: string): void {
  if (ctx.caller?.userId === id)
    throw new TRPCError({ code: "BAD_REQUEST", message: `you cannot ${what} your own account: ask another admin` });
}

export const userRouter = createTRPCRouter({
  list: publicProcedure.query(async ({ ctx }) => ({ items: await ctx.deps.accounts.users.list() })),

  create: publicProcedure
    .input(z.object({ email: EmailSchema, password: PasswordSchema, roles: RolesSchema }))
    .mutation(async ({ input, ctx }) => ({ user: await ctx.deps.accounts.users.create(input).catch(rethrowApiError) })),

  /** Takes effect at once: the user's sessions end and they sign in again with the new roles. */
  setRoles: publicProcedure.input(UserId.extend({ roles: RolesSchema })).mutation(async ({ ctx, input }) => {
    if (ctx.caller?.userId === input.id && !input.roles.includes("admin"))
      throw new TRPCError({ code: "BAD_REQUEST", message: "you cannot remove your own admin role" });
    const user = await ctx.deps.accounts.users.setRoles(input.id, input.roles).catch(rethrowApiError);
    if (!user) throw new TRPCError({ code: "NOT_FOUND", message: `no user ${input.id}` });
    return { user };
  }),

  /** Shuts the person out at once (sessions end, tokens stop, live streams close); `enable` lets them back in. */
  disable: publicProcedure.input(UserId).mutation(async ({ ctx, input }) => {
    refuseSelf(ctx, input.id, "disable");
    const user = await ctx.deps.accounts.lifecycle.disable(input.id).catch(rethrowApiError);
    return { ok: true, email: user.email };
  }),

  enable: publicProcedure.input(UserId).mutation(async ({ ctx, input }) => {
    const user = await ctx.deps.accounts.lifecycle.enable(input.id).catch(rethrowApiError);
    return { ok: true, email: user.email };
  }),

  /** Removes the account with its sessions and tokens; audit entries and runs keep its email. */
  delete: publicProcedure.input(UserId).mutation(async ({ ctx, input }) => {
    refuseSelf(ctx, input.id, "delete");
    const user = await ctx.deps.accounts.lifecycle.delete(input.id).catch(rethrowApiError);
    return { ok: true, email: user.email };
  }),

  /** A new password set by an admin: every session of that user ends (tokens stay). */
  resetPassword: publicProcedure
    .input(UserId.extend({ newPassword: PasswordSchema }))
    .mutation(async ({ ctx, input }) => {
      const { users, passwords } = ctx.deps.accounts;
      const ended = await passwords.set(input.id, input.newPassword).catch(rethrowApiError);
      return { ok: true, email: (await users.findById(input.id))?.email ?? "", endedSessions: ended };
    }),
});

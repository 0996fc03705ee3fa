/**
 * `auth` router: first-run setup, login (session cookie), logout, who am I, change my password.
 * Wrong password and unknown email give the same message. Every password attempt is counted before
 * the password is checked (server/auth/login-limiter.ts) and audited; these procedures are never
 * part of a batch (server/api/handle-trpc-request.ts).
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { PasswordSchema } from "@/lib/access/password-rules";
import { clientAddress } from "@/server/auth/forwarded-headers";
import { verifyPassword } from "@/server/auth/password";
import { clearedSessionCookie, sessionCookie } from "@/server/auth/session-cookie";
import { EmailSchema, toPublicUser } from "@/server/auth/user-store";
import { rethrowApiError } from "@/server/api/procedures/api-errors";
import { createTRPCRouter, publicProcedure, type TRPCContext } from "@/server/api/procedures/trpc";

const BAD_LOGIN = "wrong email or password";

async function startSession(ctx: TRPCContext, userId: string): Promise<number> {
  const { token, expiresAt } = await ctx.deps.accounts.sessions.create(
    userId,
    Date.now(),
    ctx.deps.config.sessionHours,
  );
  ctx.resHeaders?.append("set-cookie", sessionCookie(token, Math.floor((expiresAt - Date.now()) / 1000), !!ctx.secure));
  return expiresAt;
}

/** Counts the attempt first; refuses (429) when the account or the address is over its limit. */
async function takeAttempt(ctx: TRPCContext, account: string): Promise<string> {
  const address = clientAddress(ctx.headers, ctx.deps.config.trustedProxies);
  const wait = await ctx.deps.loginLimiter.take(account, address);
  if (wait > 0)
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: `too many password attempts: try again in ${wait} s` });
  return address;
}

export const authRouter = createTRPCRouter({
  /** Who is calling; `needsSetup` when no account exists yet (the UI then goes to /setup). */
  me: publicProcedure.query(async ({ ctx }) => ({
    user: ctx.caller ? { id: ctx.caller.userId, email: ctx.caller.email, roles: [...ctx.caller.roles] } : null,
    needsSetup: (await ctx.deps.accounts.users.count()) === 0,
  })),

  /** First run only: creates the admin and signs them in. Refused once any user exists, also when two race. */
  setup: publicProcedure
    .input(z.object({ email: EmailSchema, password: PasswordSchema }))
    .mutation(async ({ ctx, input }) => {
      const { users, audit } = ctx.deps.accounts;
      const user = await users
        .create({ email: input.email, password: input.password, roles: ["admin"] }, { onlyIfNoUsers: true })
        .catch(rethrowApiError);
      await audit.record({
        actor: user.email,
        action: "auth.setup",
        target: user.email,
        detail: { roles: user.roles },
      });
      await startSession(ctx, user.id);
      return { user };
    }),

  login: publicProcedure
    .input(z.object({ email: z.string().trim().max(254), password: z.string().max(1000) }))
    .mutation(async ({ ctx, input }) => {
      const { users, audit } = ctx.deps.accounts;
      const email = input.email.toLowerCase();
      const address = await takeAttempt(ctx, email);
      const row = await users.findByEmail(email);
      const ok = await verifyPassword(row?.passwordHash ?? null, input.password).catch(rethrowApiError);
      if (!row || !ok) {
        await audit.record({
          actor: email || "(empty)",
          action: "auth.login.failed",
          target: email,
          detail: { address },
        });
        throw new TRPCError({ code: "UNAUTHORIZED", message: BAD_LOGIN });
      }
      // Said only to someone who knows the password.
      if (row.disabledAt !== null) {
        await audit.record({
          actor: row.email,
          action: "auth.login.refused",
          target: row.email,
          detail: { disabled: true },
        });
        throw new TRPCError({ code: "FORBIDDEN", message: "this account is disabled: ask an admin to enable it" });
      }
      await ctx.deps.loginLimiter.succeeded(email, address);
      const expiresAt = await startSession(ctx, row.id);
      await audit.record({ actor: row.email, action: "auth.login", target: row.email, detail: { address } });
      return { user: toPublicUser(row), expiresAt };
    }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    const { sessions, audit } = ctx.deps.accounts;
    if (ctx.caller?.sessionId) await sessions.delete(ctx.caller.sessionId);
    ctx.resHeaders?.append("set-cookie", clearedSessionCookie(!!ctx.secure));
    if (ctx.caller) await audit.record({ actor: ctx.caller.email, action: "auth.logout", target: ctx.caller.email });
    return { ok: true };
  }),

  /**
   * The caller's own password: the current one first (counted like a login), then the new one is
   * stored and every other session of this user ends (this one stays signed in).
   */
  changePassword: publicProcedure
    .input(z.object({ currentPassword: z.string().max(1000), newPassword: PasswordSchema }))
    .mutation(async ({ ctx, input }) => {
      const { users, passwords, audit } = ctx.deps.accounts;
      const caller = ctx.caller!;
      const row = caller.userId ? await users.findById(caller.userId) : undefined;
      if (!row)
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: "WF_API_TOKEN has no account and no password: sign in as a user to change yours",
        });
      const address = await takeAttempt(ctx, row.email);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword).catch(rethrowApiError))) {
        await audit.record({ actor: row.email, action: "auth.changePassword.failed", target: row.email });
        throw new TRPCError({ code: "BAD_REQUEST", message: "currentPassword: that is not your current password" });
      }
      await ctx.deps.loginLimiter.succeeded(row.email, address);
      const ended = await passwords
        .set(row.id, input.newPassword, caller.sessionId ?? undefined)
        .catch(rethrowApiError);
      await audit.record({
        actor: row.email,
        action: "auth.changePassword",
        target: row.email,
        detail: { endedSessions: ended },
      });
      return { ok: true, endedSessions: ended };
    }),
});

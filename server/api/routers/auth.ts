/**
 * `auth` router: first-run setup, login (session cookie), logout, who am I. Wrong password and
 * unknown email give the same message; attempts are rate-limited and audited.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { recordAudit } from "@/server/auth/audit-log";
import { loginRetryAfterS, recordLoginFailure, recordLoginSuccess } from "@/server/auth/login-limiter";
import { PasswordSchema } from "@/lib/access/password-rules";
import { verifyPassword } from "@/server/auth/password";
import { clearedSessionCookie, sessionCookie } from "@/server/auth/session-cookie";
import { createSession, deleteSession } from "@/server/auth/session-store";
import { countUsers } from "@/server/auth/count-users";
import { EmailSchema, createUser, findUserByEmail, toPublicUser } from "@/server/auth/user-store";
import { createTRPCRouter, publicProcedure, type TRPCContext } from "@/server/api/trpc";

const BAD_LOGIN = "wrong email or password";

/** The client's address as the proxy in front (or Next) reports it; only a rate-limit key. */
function clientAddress(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "local";
}

function startSession(ctx: TRPCContext, userId: string) {
  const { token, expiresAt } = createSession(ctx.deps.db, userId, Date.now(), ctx.deps.config.sessionHours);
  ctx.resHeaders?.append("set-cookie", sessionCookie(token, Math.floor((expiresAt - Date.now()) / 1000), !!ctx.secure));
  return expiresAt;
}

export const authRouter = createTRPCRouter({
  /** Who is calling; `needsSetup` when no account exists yet (the UI then goes to /setup). */
  me: publicProcedure.query(({ ctx }) => ({
    user: ctx.caller ? { id: ctx.caller.userId, email: ctx.caller.email, roles: [...ctx.caller.roles] } : null,
    needsSetup: countUsers(ctx.deps.db) === 0,
  })),

  /** First run only: creates the admin and signs them in. Refused once any user exists. */
  setup: publicProcedure
    .input(z.object({ email: EmailSchema, password: PasswordSchema }))
    .mutation(async ({ ctx, input }) => {
      const db = ctx.deps.db;
      if (countUsers(db) > 0)
        throw new TRPCError({ code: "CONFLICT", message: "setup is done: an admin already exists, sign in instead" });
      const user = await createUser(db, { email: input.email, password: input.password, roles: ["admin"] });
      recordAudit(db, { actor: user.email, action: "auth.setup", target: user.email, detail: { roles: user.roles } });
      startSession(ctx, user.id);
      return { user };
    }),

  login: publicProcedure
    .input(z.object({ email: z.string().trim().max(254), password: z.string().max(1000) }))
    .mutation(async ({ ctx, input }) => {
      const db = ctx.deps.db;
      const email = input.email.toLowerCase();
      const address = clientAddress(ctx.headers);
      const wait = await loginRetryAfterS(email, address);
      if (wait > 0)
        throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: `too many attempts: try again in ${wait} s` });
      const row = findUserByEmail(db, email);
      const ok = await verifyPassword(row?.passwordHash ?? null, input.password);
      if (!row || !ok) {
        await recordLoginFailure(email, address);
        recordAudit(db, { actor: email || "(empty)", action: "auth.login.failed", target: email });
        throw new TRPCError({ code: "UNAUTHORIZED", message: BAD_LOGIN });
      }
      await recordLoginSuccess(email);
      const expiresAt = startSession(ctx, row.id);
      recordAudit(db, { actor: row.email, action: "auth.login", target: row.email });
      return { user: toPublicUser(row), expiresAt };
    }),

  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.caller?.sessionId) deleteSession(ctx.deps.db, ctx.caller.sessionId);
    ctx.resHeaders?.append("set-cookie", clearedSessionCookie(!!ctx.secure));
    if (ctx.caller)
      recordAudit(ctx.deps.db, { actor: ctx.caller.email, action: "auth.logout", target: ctx.caller.email });
    return { ok: true };
  }),
});

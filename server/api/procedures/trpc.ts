/**
 * The one initTRPC: context, error shape (zod issues with field paths → 400), SSE settings.
 * No transformer: every procedure stays callable over plain HTTP JSON by other tools.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { auditDetail, auditTarget } from "@/server/auth/audit-detail";
import type { Caller } from "@/server/auth/caller";
import { accessRefusal } from "@/server/auth/procedure-access";
import { resolveCaller } from "@/server/auth/resolve-caller";
import type { ServerDeps } from "@/server/runtime/server-deps";

export interface TRPCContext {
  /** The process's dependencies (database, engine, bus, catalog, providers…), from the composition root. */
  deps: ServerDeps;
  headers: Headers;
  /** Who is calling (session or token); null when anonymous. */
  caller: Caller | null;
  /** Response headers (HTTP only): where `auth.login` / `auth.logout` set the session cookie. */
  resHeaders?: Headers;
  /** The request came over https: the session cookie is then `Secure`. */
  secure?: boolean;
}

/** Resolves the caller from the headers unless one is given (server-side callers, tests). */
export async function createTRPCContext(opts: {
  deps: ServerDeps;
  headers: Headers;
  caller?: Caller | null;
  resHeaders?: Headers;
  secure?: boolean;
}): Promise<TRPCContext> {
  const caller =
    opts.caller !== undefined ? opts.caller : await resolveCaller(opts.deps.accounts, opts.headers, opts.deps.config);
  return { deps: opts.deps, headers: opts.headers, caller, resHeaders: opts.resHeaders, secure: opts.secure };
}

/** A typed error carrying diagnostics (what is wrong and where) in `data.diagnostics`. */
export class DiagnosticsError extends TRPCError {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
    code: "BAD_REQUEST" | "PRECONDITION_FAILED" = "BAD_REQUEST",
  ) {
    super({ code, message });
  }
}

const t = initTRPC.context<TRPCContext>().create({
  // Never a stack trace in a response, in any mode (the server logs internal errors itself).
  isDev: false,
  sse: {
    ping: { enabled: true, intervalMs: 2000 },
    client: { reconnectAfterInactivityMs: 5000 },
  },
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : undefined;
    const original = error instanceof DiagnosticsError ? error : undefined;
    const details = (error as { details?: unknown }).details;
    const issues = zod?.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
    return {
      ...shape,
      // "template.nodes.0.id: Invalid input…" instead of zod's JSON dump.
      message: issues ? issues.map((i) => `${i.path || "input"}: ${i.message}`).join("; ") : shape.message,
      data: {
        ...shape.data,
        // Input errors name the field: [{ path: "template.nodes[0].id", message }]
        issues,
        diagnostics: original?.diagnostics,
        details,
      },
    };
  },
});

/** Mutations sent as POST for their large input that change nothing (a simulation stores no row). */
const PURE_MUTATIONS: ReadonlySet<string> = new Set(["run.simulate"]);

/** Mutations that change stored state are audited here; compose.* are pure and auth.* audit themselves. */
function isAudited(path: string): boolean {
  return !path.startsWith("compose.") && !path.startsWith("auth.") && !PURE_MUTATIONS.has(path);
}

/**
 * The one access check (docs/api.md, "Access"), on every procedure and subscription: the path's
 * required role from `PROCEDURE_ACCESS`; no caller → 401, a caller without the role → 403, before
 * any input is read or anything changes. A successful state-changing mutation is then audited.
 */
const enforceAccess = t.middleware(async ({ ctx, path, type, next, getRawInput }) => {
  const refusal = accessRefusal(path, ctx.caller);
  if (refusal) throw new TRPCError(refusal);
  const result = await next();
  if (result.ok && type === "mutation" && ctx.caller && isAudited(path)) {
    const input = await getRawInput().catch(() => undefined);
    const entry = {
      actor: ctx.caller.email,
      action: path,
      target: auditTarget(input, result.data),
      detail: auditDetail(input, result.data),
    };
    // Written with the audit rows of concurrent requests in one statement; answered once it is stored.
    await ctx.deps.accounts.audit.record(entry);
  }
  return result;
});

export const createTRPCRouter = t.router;
/** Every procedure goes through the access check; routers choose nothing (the table decides). */
export const publicProcedure = t.procedure.use(enforceAccess);
export const createCallerFactory = t.createCallerFactory;

/**
 * The one initTRPC: context, error shape (zod issues with field paths → 400), SSE settings.
 * No transformer: every procedure stays callable over plain HTTP JSON by other tools.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Diagnostic } from "@/lib/workflow/diagnostic";
import type { Caller } from "@/server/auth/caller";

export interface TRPCContext {
  headers: Headers;
  /** Who is calling (session or token); null when anonymous. */
  caller: Caller | null;
}

export function createTRPCContext(opts: { headers: Headers; caller?: Caller | null }): TRPCContext {
  return { headers: opts.headers, caller: opts.caller ?? null };
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

export const createTRPCRouter = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

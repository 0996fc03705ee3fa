/**
 * `trigger` router (docs/triggers.md): a template's schedules and webhooks — list, create, update,
 * delete, the fire history, a cron preview and a signed test event. Editors change, viewers read
 * (server/auth/procedure-access.ts); every change is audited by the access middleware. Thin: validate,
 * call the trigger service, map its errors.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { rethrowApiError } from "@/server/api/procedures/api-errors";
import { DiagnosticsError, createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import {
  TriggerCreateSchema,
  TriggerHistorySchema,
  TriggerPreviewSchema,
  TriggerUpdateSchema,
} from "@/lib/triggers/trigger-inputs";
import type { TriggerInputError, TriggerNotFoundError } from "@/server/triggers/trigger-errors";

const TriggerIdInput = z.object({ id: z.string().min(1).max(100) });

/** Matched by name, like the other domain errors (one copy of each class per bundle). */
function rethrowTriggerError(err: unknown): never {
  if (err instanceof Error && err.name === "TriggerNotFoundError")
    throw new TRPCError({ code: "NOT_FOUND", message: (err as TriggerNotFoundError).message });
  if (err instanceof Error && err.name === "TriggerInputError") {
    const problems = (err as TriggerInputError).problems;
    throw new DiagnosticsError(
      err.message,
      problems.map((p) => ({ severity: "error" as const, code: "TRG001", message: p.message, field: p.field })),
    );
  }
  rethrowApiError(err);
}

async function guarded<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    rethrowTriggerError(err);
  }
}

/** Absolute when the request says where the server is (the Host header), else the path alone. */
function absoluteUrl(headers: Headers, path: string | undefined): string | undefined {
  if (!path) return path;
  const host = headers.get("host");
  if (!host) return path;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  return `${proto}://${host}${path}`;
}

export const triggerRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ templateId: z.string().min(1).max(200).optional() }).optional())
    .query(({ input, ctx }) =>
      guarded(async () => {
        const templatePk = input?.templateId ? (await ctx.deps.library.get(input.templateId)).id : undefined;
        const out = await ctx.deps.triggers.list({ templatePk });
        return { items: out.items.map((t) => ({ ...t, ...(t.url ? { url: absoluteUrl(ctx.headers, t.url) } : {}) })) };
      }),
    ),

  create: publicProcedure.input(TriggerCreateSchema).mutation(({ input, ctx }) =>
    guarded(async () => {
      const creator = { userId: ctx.caller?.userId ?? null, email: ctx.caller?.email ?? "" };
      const out = await ctx.deps.triggers.create(input, creator);
      return { ...out, ...(out.url ? { url: absoluteUrl(ctx.headers, out.url) } : {}) };
    }),
  ),

  update: publicProcedure
    .input(TriggerUpdateSchema)
    .mutation(({ input, ctx }) => guarded(() => ctx.deps.triggers.update(input))),

  delete: publicProcedure
    .input(TriggerIdInput)
    .mutation(({ input, ctx }) => guarded(() => ctx.deps.triggers.delete(input.id))),

  history: publicProcedure
    .input(TriggerHistorySchema)
    .query(({ input, ctx }) => guarded(() => ctx.deps.triggers.history(input.id, input.limit, input.cursor))),

  preview: publicProcedure
    .input(TriggerPreviewSchema)
    .query(({ input, ctx }) => ctx.deps.triggers.preview(input.cron, input.timezone, input.count)),

  /** "Send test event": a sample payload signed with the webhook's secret through the real endpoint's handler. */
  testEvent: publicProcedure
    .input(
      TriggerIdInput.extend({
        body: z
          .string()
          .max(64 * 1024)
          .optional(),
      }),
    )
    .mutation(({ input, ctx }) => guarded(() => ctx.deps.triggers.sendTest(input.id, input.body))),
});

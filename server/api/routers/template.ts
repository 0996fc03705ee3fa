/** `template` router: the library (list, get, save as a new version, delete). Thin: validate, call the store. */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { DiagnosticsError, createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { getDb } from "@/server/db/get-db";
import {
  deleteTemplate,
  getTemplate,
  listTemplates,
  saveTemplate,
  TemplateStoreError,
} from "@/server/db/template-store";

/** Store errors → typed API errors (404 / 400 with diagnostics / 409). */
function rethrow(err: unknown): never {
  if (err instanceof TemplateStoreError) {
    if (err.kind === "invalid") throw new DiagnosticsError(err.message, err.diagnostics);
    throw new TRPCError({ code: err.kind === "not_found" ? "NOT_FOUND" : "CONFLICT", message: err.message });
  }
  throw err;
}

function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    rethrow(err);
  }
}

export const templateRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ search: z.string().max(200).optional(), tag: z.string().max(100).optional() }).optional())
    .query(({ input }) => ({ items: listTemplates(getDb(), input ?? {}) })),

  get: publicProcedure
    .input(z.object({ id: z.string().min(1), version: z.number().int().positive().optional() }))
    .query(({ input }) =>
      guarded(() => {
        const d = getTemplate(getDb(), input.id, input.version);
        return { id: d.id, version: d.version, template: d.template, versions: d.versions, item: d.item };
      }),
    ),

  save: publicProcedure
    .input(z.object({ id: z.string().min(1).optional(), template: z.record(z.string(), z.unknown()) }))
    .mutation(({ input }) => guarded(() => saveTemplate(getDb(), input))),

  delete: publicProcedure
    .input(z.object({ id: z.string().min(1) }))
    .mutation(({ input }) => guarded(() => ({ ok: deleteTemplate(getDb(), input.id) }))),
});

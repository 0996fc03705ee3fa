/** `template` router: the library (list, get, save as a new version, delete). Thin: validate, call the store. */
import { z } from "zod";
import { withApiErrors } from "@/server/api/api-errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { getDb } from "@/server/db/get-db";
import { deleteTemplate, getTemplate, listTemplates, saveTemplate } from "@/server/db/template-store";

export const templateRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ search: z.string().max(200).optional(), tag: z.string().max(100).optional() }).optional())
    .query(({ input }) => ({ items: listTemplates(getDb(), input ?? {}) })),

  get: publicProcedure
    .input(z.object({ id: z.string().min(1), version: z.number().int().positive().optional() }))
    .query(({ input }) =>
      withApiErrors(() => {
        const d = getTemplate(getDb(), input.id, input.version);
        return { id: d.id, version: d.version, template: d.template, versions: d.versions, item: d.item };
      }),
    ),

  save: publicProcedure
    .input(z.object({ id: z.string().min(1).optional(), template: z.record(z.string(), z.unknown()) }))
    .mutation(({ input }) => withApiErrors(() => saveTemplate(getDb(), input))),

  delete: publicProcedure
    .input(z.object({ id: z.string().min(1) }))
    .mutation(({ input }) => withApiErrors(() => ({ ok: deleteTemplate(getDb(), input.id) }))),
});

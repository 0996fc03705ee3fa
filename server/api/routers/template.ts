/**
 * `template` router: the library (list with search/filters/sort, get, save as a new version,
 * soft delete + restore, duplicate, diff of two versions). Thin: validate, call the store or lib.
 */
import * as z from "zod";
import { hasRole } from "@/lib/access/roles";
import { diffTemplates } from "@/lib/workflow/versions/diff-templates";
import { withApiErrors } from "@/server/api/procedures/api-errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { libraryFacets, listTemplates, TEMPLATE_SORTS } from "@/server/db/list-templates";
import {
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  restoreTemplate,
  saveTemplate,
} from "@/server/db/template-store";

const IdInput = z.object({ id: z.string().min(1).max(200) });
const VersionNumber = z.number().int().positive();

export const TemplateListInputSchema = z
  .object({
    /** Words matched (all of them) against name, description, tags and node names. */
    search: z.string().max(200).optional(),
    tag: z.string().max(100).optional(),
    taskType: z.string().max(100).optional(),
    sort: z.enum(TEMPLATE_SORTS).optional(),
    /** Deleted templates instead (to restore one). */
    deleted: z.boolean().optional(),
    limit: z.number().int().min(1).max(10_000).optional(),
  })
  .optional();

export const templateRouter = createTRPCRouter({
  list: publicProcedure
    .input(TemplateListInputSchema)
    .query(({ input, ctx }) => listTemplates(ctx.deps.db, input ?? {})),

  /** Every tag and task type in the library (the filters' choices). */
  facets: publicProcedure.query(({ ctx }) => libraryFacets(ctx.deps.db)),

  /** A deleted template is NOT_FOUND unless `includeDeleted` (the restore flow). */
  get: publicProcedure
    .input(IdInput.extend({ version: VersionNumber.optional(), includeDeleted: z.boolean().optional() }))
    .query(({ input, ctx }) =>
      withApiErrors(() => {
        const d = getTemplate(ctx.deps.db, input.id, input.version, { includeDeleted: input.includeDeleted });
        return { id: d.id, version: d.version, template: d.template, versions: d.versions, item: d.item };
      }),
    ),

  save: publicProcedure
    .input(z.object({ id: z.string().min(1).max(200).optional(), template: z.record(z.string(), z.unknown()) }))
    .mutation(({ input, ctx }) =>
      withApiErrors(() =>
        // Saving onto a deleted template restores it: an admin's call, like template.restore.
        saveTemplate(ctx.deps.db, input, { mayRestore: !!ctx.caller && hasRole(ctx.caller.roles, "admin") }),
      ),
    ),

  delete: publicProcedure
    .input(IdInput)
    .mutation(({ input, ctx }) => withApiErrors(() => ({ ok: deleteTemplate(ctx.deps.db, input.id) }))),

  restore: publicProcedure
    .input(IdInput)
    .mutation(({ input, ctx }) => withApiErrors(() => ({ ok: restoreTemplate(ctx.deps.db, input.id) }))),

  duplicate: publicProcedure
    .input(IdInput)
    .mutation(({ input, ctx }) => withApiErrors(() => duplicateTemplate(ctx.deps.db, input.id))),

  diff: publicProcedure.input(IdInput.extend({ from: VersionNumber, to: VersionNumber })).query(({ input, ctx }) =>
    withApiErrors(() => {
      const db = ctx.deps.db;
      return diffTemplates(
        getTemplate(db, input.id, input.from).template,
        getTemplate(db, input.id, input.to).template,
      );
    }),
  ),
});

/**
 * `template` router: the library (list with search/filters/sort, get, save as a new version,
 * soft delete + restore, duplicate, diff of two versions). Thin: validate, call the store or lib.
 */
import * as z from "zod";
import { hasRole } from "@/lib/access/roles";
import { diffTemplates } from "@/lib/workflow/versions/diff-templates";
import { withApiErrors } from "@/server/api/procedures/api-errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { TEMPLATE_SORTS } from "@/server/db/list-templates";

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
  list: publicProcedure.input(TemplateListInputSchema).query(({ input, ctx }) => ctx.deps.library.list(input ?? {})),

  /** Every tag and task type in the library (the filters' choices). */
  facets: publicProcedure.query(({ ctx }) => ctx.deps.library.facets()),

  /** A deleted template is NOT_FOUND unless `includeDeleted` (the restore flow). */
  get: publicProcedure
    .input(IdInput.extend({ version: VersionNumber.optional(), includeDeleted: z.boolean().optional() }))
    .query(({ input, ctx }) =>
      withApiErrors(async () => {
        const library = ctx.deps.library;
        const d = await library.get(input.id, input.version, { includeDeleted: input.includeDeleted });
        const [versions, item] = await Promise.all([library.versions(d.id), library.item(d.id)]);
        return { id: d.id, version: d.version, template: d.template, versions, item };
      }),
    ),

  save: publicProcedure
    .input(z.object({ id: z.string().min(1).max(200).optional(), template: z.record(z.string(), z.unknown()) }))
    .mutation(({ input, ctx }) =>
      withApiErrors(() =>
        // Saving onto a deleted template restores it: an admin's call, like template.restore.
        ctx.deps.library.save(input, { mayRestore: !!ctx.caller && hasRole(ctx.caller.roles, "admin") }),
      ),
    ),

  delete: publicProcedure
    .input(IdInput)
    .mutation(({ input, ctx }) => withApiErrors(async () => ({ ok: await ctx.deps.library.delete(input.id) }))),

  restore: publicProcedure
    .input(IdInput)
    .mutation(({ input, ctx }) => withApiErrors(async () => ({ ok: await ctx.deps.library.restore(input.id) }))),

  duplicate: publicProcedure
    .input(IdInput)
    .mutation(({ input, ctx }) => withApiErrors(() => ctx.deps.library.duplicate(input.id))),

  diff: publicProcedure.input(IdInput.extend({ from: VersionNumber, to: VersionNumber })).query(({ input, ctx }) =>
    withApiErrors(async () => {
      const library = ctx.deps.library;
      const from = await library.get(input.id, input.from);
      const to = await library.get(input.id, input.to);
      return diffTemplates(from.template, to.template);
    }),
  ),
});

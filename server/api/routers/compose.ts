/**
 * `compose` router — nothing here saves (saving is `template.save`):
 * - `describe` turns text into a template (+ intent, assumptions, diagnostics). Nothing usable in
 *   the text → BAD_REQUEST whose message is the describe question and `data.diagnostics` DS001/DS002.
 * - `import` reads Mermaid / playbook YAML / template JSON text; a failed import is a normal answer
 *   `{ diagnostics }` without a template (each with line and column), never an error.
 * - `validate` and `injectCheckpoints` run lib/workflow on a draft from the editor.
 */
import * as z from "zod";
import { IMPORT_FORMATS, IMPORT_MAX_CHARS, importWorkflowText } from "@/lib/formats/import-workflow-text";
import { CHECKPOINT_RULES } from "@/lib/workflow/checkpoints/checkpoint-rules";
import { injectCheckpoints } from "@/lib/workflow/checkpoints/inject-checkpoints";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { checkProviderReadiness, nodesNeedingProvider } from "@/lib/workflow/validate/nodes-needing-provider";
import { providerValidateOptions } from "@/server/api/procedures/refuse-without-provider";
import { ExecutorCatalogError } from "@/server/catalog/load-executor-catalog";
import { DiagnosticsError, createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { childLookup } from "@/server/engine/child-templates";
import { describeWithProviders } from "@/server/providers/describe-with-providers";

export const DescribeInputSchema = z.object({
  text: z.string().max(20_000),
  /** false: the built-in rules only, even when an agent provider is configured. */
  useAgent: z.boolean().optional(),
});

/**
 * Text up to 64 MiB reaches the importer, which answers anything over IMPORT_MAX_CHARS with one
 * FMT003 diagnostic (line and column where the limit falls); beyond that zod refuses the input.
 */
const ImportTextSchema = z.string().max(64 * 1024 * 1024);

export const ImportInputSchema = z.object({
  text: ImportTextSchema,
  format: z.enum(IMPORT_FORMATS),
  /** Files a playbook's `!include` names, by path relative to the playbook. */
  files: z
    .record(z.string().max(500), z.string().max(IMPORT_MAX_CHARS))
    .refine((f) => Object.keys(f).length <= 200, "at most 200 files")
    .optional(),
  filename: z.string().max(500).optional(),
});

const TemplateInputSchema = z.record(z.string(), z.unknown());

export const composeRouter = createTRPCRouter({
  import: publicProcedure.input(ImportInputSchema).mutation(({ input }) => {
    const { ok, mode, diagnostics, template } = importWorkflowText(input);
    return { ok, mode, diagnostics, ...(template ? { template } : {}) };
  }),

  validate: publicProcedure.input(z.object({ template: TemplateInputSchema })).mutation(async ({ input, ctx }) => {
    // Workflow nodes are checked against the library: the child, its required inputs, cycles.
    const children = await ctx.deps.children.resolve(input.template);
    const { ok, mode, diagnostics } = validateTemplate(input.template, {
      ...providerValidateOptions(ctx.deps),
      children: childLookup(children, {}),
    });
    return { ok, mode, diagnostics };
  }),

  injectCheckpoints: publicProcedure
    .input(
      z.object({
        template: TemplateInputSchema,
        breakpoints: z.array(z.string().max(200)).max(10_000).optional(),
        disable: z.array(z.enum(CHECKPOINT_RULES)).optional(),
      }),
    )
    .mutation(({ input }) => {
      const parsed = parseTemplate(input.template);
      if (!parsed.ok) throw new DiagnosticsError("The template does not match the schema", parsed.diagnostics);
      return injectCheckpoints(parsed.template, { breakpoints: input.breakpoints, disable: input.disable });
    }),

  describe: publicProcedure.input(DescribeInputSchema).mutation(async ({ input, ctx }) => {
    let result;
    try {
      result = await describeWithProviders(input.text, {
        catalog: ctx.deps.catalog,
        providers: ctx.deps.providers,
        useAgent: input.useAgent,
      });
    } catch (err) {
      if (err instanceof ExecutorCatalogError)
        throw new DiagnosticsError(err.message, err.diagnostics, "PRECONDITION_FAILED");
      throw err;
    }
    if (!result.ok) throw new DiagnosticsError(result.diagnostics[0].message, result.diagnostics);
    const { template, intent, assumptions, diagnostics, report, parser } = result;
    const { providersReady, agentSkills } = providerValidateOptions(ctx.deps);
    return {
      template,
      intent,
      assumptions,
      diagnostics: [...diagnostics, ...checkProviderReadiness(template, providersReady, agentSkills)],
      checkpoints: report.checkpoints,
      parser,
      /** The nodes that need an agent provider to run (ready or not). */
      needsProvider: nodesNeedingProvider(template, agentSkills).map((n) => n.id),
    };
  }),
});

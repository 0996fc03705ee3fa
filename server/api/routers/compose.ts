/**
 * `compose` router: `describe` turns text into a template (+ intent, assumptions, diagnostics)
 * without saving it; saving is `template.save`. Nothing usable in the text → BAD_REQUEST whose
 * message is the seed's question and whose `data.diagnostics` carry DS001 / DS002.
 */
import { z } from "zod";
import { ExecutorCatalogError } from "@/server/catalog/load-executor-catalog";
import { DiagnosticsError, createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { describeWithProviders } from "@/server/providers/describe-with-providers";

export const DescribeInputSchema = z.object({
  text: z.string().max(20_000),
  /** false: the built-in rules only, even when an agent provider is configured. */
  useAgent: z.boolean().optional(),
});

export const composeRouter = createTRPCRouter({
  describe: publicProcedure.input(DescribeInputSchema).mutation(async ({ input }) => {
    let result;
    try {
      result = await describeWithProviders(input.text, { useAgent: input.useAgent });
    } catch (err) {
      if (err instanceof ExecutorCatalogError)
        throw new DiagnosticsError(err.message, err.diagnostics, "PRECONDITION_FAILED");
      throw err;
    }
    if (!result.ok) throw new DiagnosticsError(result.diagnostics[0].message, result.diagnostics);
    const { template, intent, assumptions, diagnostics, report, parser } = result;
    return { template, intent, assumptions, diagnostics, checkpoints: report.checkpoints, parser };
  }),
});

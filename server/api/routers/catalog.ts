/** `catalog` router: the executor catalog's entries for the editor's palette (names, kinds, descriptions — not recipes). */
import { withApiErrors } from "@/server/api/procedures/api-errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";

export const catalogRouter = createTRPCRouter({
  list: publicProcedure.query(({ ctx }) =>
    withApiErrors(() => ({
      items: Object.entries(ctx.deps.catalog().entries).map(([name, entry]) => ({
        name,
        kind: entry.recipe.kind,
        ...(entry.description ? { description: entry.description } : {}),
      })),
    })),
  ),
});

/** What each procedure answers, for components (which may not import `server/` themselves). */
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;

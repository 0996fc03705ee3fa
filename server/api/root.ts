/** The app router: one router per noun (docs/api.md). The client imports only `AppRouter`'s type. */
import { approvalRouter } from "@/server/api/routers/approval";
import { auditRouter } from "@/server/api/routers/audit";
import { authRouter } from "@/server/api/routers/auth";
import { catalogRouter } from "@/server/api/routers/catalog";
import { composeRouter } from "@/server/api/routers/compose";
import { healthRouter } from "@/server/api/routers/health";
import { liveRouter } from "@/server/api/routers/live";
import { providerRouter } from "@/server/api/routers/provider";
import { runRouter } from "@/server/api/routers/run";
import { secretRouter } from "@/server/api/routers/secret";
import { templateRouter } from "@/server/api/routers/template";
import { triggerRouter } from "@/server/api/routers/trigger";
import { tokenRouter } from "@/server/api/routers/token";
import { userRouter } from "@/server/api/routers/user";
import { createCallerFactory, createTRPCRouter } from "@/server/api/procedures/trpc";

export const appRouter = createTRPCRouter({
  template: templateRouter,
  compose: composeRouter,
  run: runRouter,
  approval: approvalRouter,
  live: liveRouter,
  health: healthRouter,
  catalog: catalogRouter,
  auth: authRouter,
  user: userRouter,
  token: tokenRouter,
  secret: secretRouter,
  provider: providerRouter,
  audit: auditRouter,
  trigger: triggerRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side caller (server components, tests): `createCaller({ headers })`. */
export const createCaller = createCallerFactory(appRouter);

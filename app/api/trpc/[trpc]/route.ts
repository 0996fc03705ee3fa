/** tRPC over HTTP (queries, mutations) and SSE (subscriptions); the guards and context live in server/api. */
import { handleTrpcRequest } from "@/server/api/handle-trpc-request";
import { installedServerDeps } from "@/server/runtime/server-deps-holder";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return handleTrpcRequest(req, installedServerDeps());
}

export { handler as GET, handler as POST };

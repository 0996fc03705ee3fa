/**
 * The tRPC HTTP + SSE endpoint's work (the route handler only forwards): the request guards of
 * server/auth/request-guard.ts, then tRPC with the caller resolved from the cookie or bearer token.
 * Refusals are tRPC-shaped JSON errors, so every client reads them the same way.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Caller } from "@/server/auth/caller";
import { accessRefusal } from "@/server/auth/procedure-access";
import { hostRefusal, originRefusal, withCappedBody, type Refusal } from "@/server/auth/request-guard";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { isHttps } from "@/server/auth/session-cookie";
import { PROCEDURE_KINDS } from "@/server/api/procedure-kinds";
import { appRouter } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/trpc";
import type { ServerDeps } from "@/server/runtime/server-deps";

const CODES: Record<Refusal["status"], string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  413: "PAYLOAD_TOO_LARGE",
  421: "FORBIDDEN",
};

function refuse(r: Refusal): Response {
  const body = { error: { message: r.message, code: -32600, data: { code: CODES[r.status], httpStatus: r.status } } };
  return Response.json(body, { status: r.status });
}

/**
 * A subscription answers 200 and then streams, so a refusal inside it would arrive as an SSE
 * event; checked here first (the same rule as the middleware's), a refused subscriber gets a real 401/403.
 */
function subscriptionRefusal(req: Request, endpoint: string, caller: Caller | null): Refusal | null {
  if (req.method !== "GET") return null;
  const path = decodeURIComponent(new URL(req.url).pathname.slice(endpoint.length + 1));
  if (PROCEDURE_KINDS[path] !== "subscription") return null;
  const refusal = accessRefusal(path, caller);
  return refusal && { status: refusal.code === "FORBIDDEN" ? 403 : 401, message: refusal.message };
}

export async function handleTrpcRequest(
  incoming: Request,
  deps: ServerDeps,
  endpoint = "/api/trpc",
): Promise<Response> {
  const early = hostRefusal(incoming.headers) ?? originRefusal(incoming.method, incoming.headers);
  if (early) return refuse(early);
  // Resolved once per request: the subscription guard and the tRPC context share it.
  const caller = resolveCaller(deps.db, incoming.headers, deps.config);
  const denied = subscriptionRefusal(incoming, endpoint, caller);
  if (denied) return refuse(denied);
  const req = await withCappedBody(incoming);
  if (!(req instanceof Request)) return refuse(req);
  return fetchRequestHandler({
    endpoint,
    req,
    router: appRouter,
    createContext: ({ resHeaders }) =>
      createTRPCContext({ deps, headers: req.headers, caller, resHeaders, secure: isHttps(req.url, req.headers) }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"}:`, error);
    },
  });
}

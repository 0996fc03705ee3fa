/**
 * The tRPC HTTP + SSE endpoint's work (the route handler only forwards): the request guards of
 * server/auth/request-guard.ts, then tRPC with the caller resolved from the cookie or bearer token.
 * Refusals are tRPC-shaped JSON errors, so every client reads them the same way.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { hostRefusal, originRefusal, withCappedBody, type Refusal } from "@/server/auth/request-guard";
import { isHttps } from "@/server/auth/session-cookie";
import { appRouter } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/trpc";

const CODES: Record<Refusal["status"], string> = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  413: "PAYLOAD_TOO_LARGE",
  421: "FORBIDDEN",
};

function refuse(r: Refusal): Response {
  const body = { error: { message: r.message, code: -32600, data: { code: CODES[r.status], httpStatus: r.status } } };
  return Response.json(body, { status: r.status });
}

export async function handleTrpcRequest(incoming: Request, endpoint = "/api/trpc"): Promise<Response> {
  const early = hostRefusal(incoming.headers) ?? originRefusal(incoming.method, incoming.headers);
  if (early) return refuse(early);
  const req = await withCappedBody(incoming);
  if (!(req instanceof Request)) return refuse(req);
  return fetchRequestHandler({
    endpoint,
    req,
    router: appRouter,
    createContext: ({ resHeaders }) =>
      createTRPCContext({ headers: req.headers, resHeaders, secure: isHttps(req.url, req.headers) }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"}:`, error);
    },
  });
}

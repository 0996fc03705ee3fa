/**
 * The tRPC HTTP + SSE endpoint's work (the route handler only forwards): the request guards of
 * server/auth/request-guard.ts, the batch rules (size, no `auth.*` in a batch), then tRPC with the
 * caller resolved from the cookie or bearer token.
 * Refusals are tRPC-shaped JSON errors, so every client reads them the same way.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { MAX_BATCH_CALLS, mayBatch } from "@/lib/access/batch-rules";
import type { Caller } from "@/server/auth/caller";
import { accessRefusal } from "@/server/auth/procedure-access";
import { hostRefusal, originRefusal, withCappedBody, type Refusal } from "@/server/auth/request-guard";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { isHttps } from "@/server/auth/session-cookie";
import { PROCEDURE_KINDS } from "@/server/api/procedure-kinds";
import { appRouter } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/procedures/trpc";
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
 * The procedure paths a request names, as tRPC reads them (`/api/trpc/a.b,c.d?batch=1` → two), or
 * a refusal when the path is not valid percent-encoding.
 */
function requestPaths(url: URL, endpoint: string): string[] | Refusal {
  const raw = url.pathname.slice(endpoint.length + 1);
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { status: 400, message: `the procedure path "${raw.slice(0, 100)}" is not valid URL encoding` };
  }
  return url.searchParams.get("batch") === "1" ? path.split(",") : [path];
}

/**
 * Batches are capped at MAX_BATCH_CALLS, and `auth.*` procedures never ride in one: each password
 * attempt is its own request, counted and answered on its own.
 */
function batchRefusal(paths: string[]): Refusal | null {
  if (paths.length > MAX_BATCH_CALLS)
    return {
      status: 400,
      message: `a batch of ${paths.length} calls is refused: at most ${MAX_BATCH_CALLS} calls per request`,
    };
  const auth = paths.length > 1 ? paths.find((p) => !mayBatch(p)) : undefined;
  return auth
    ? { status: 400, message: `${auth} cannot be batched with other calls: send it as a request of its own` }
    : null;
}

/**
 * A subscription answers 200 and then streams, so a refusal inside it would arrive as an SSE
 * event; checked here first (the same rule as the middleware's), a refused subscriber gets a real 401/403.
 */
function subscriptionRefusal(req: Request, paths: string[], caller: Caller | null): Refusal | null {
  if (req.method !== "GET" || paths.length !== 1) return null;
  const path = paths[0]!;
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
  const paths = requestPaths(new URL(incoming.url), endpoint);
  if (!Array.isArray(paths)) return refuse(paths);
  const batch = batchRefusal(paths);
  if (batch) return refuse(batch);
  // Resolved once per request: the subscription guard and the tRPC context share it.
  const caller = await resolveCaller(deps.accounts, incoming.headers, deps.config);
  const denied = subscriptionRefusal(incoming, paths, caller);
  if (denied) return refuse(denied);
  const req = await withCappedBody(incoming);
  if (!(req instanceof Request)) return refuse(req);
  return fetchRequestHandler({
    endpoint,
    req,
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: ({ resHeaders }) =>
      createTRPCContext({ deps, headers: req.headers, caller, resHeaders, secure: isHttps(req.url, req.headers) }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"}:`, error);
    },
  });
}

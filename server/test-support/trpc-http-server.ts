/**
 * Test helper: a real HTTP server on 127.0.0.1 running the app's tRPC endpoint (the same
 * `handleTrpcRequest` as app/api/trpc, guards included), streaming responses so SSE works.
 * Test dependencies carry WF_API_TOKEN = TEST_API_TOKEN in their configuration, so `authHeaders()`
 * acts as an admin.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleTrpcRequest } from "@/server/api/handle-trpc-request";
import { guardForwardedHeaders } from "@/server/auth/forwarded-headers";
import type { ServerDeps } from "@/server/runtime/server-deps";
import { TEST_API_TOKEN } from "./test-deps";

export { TEST_API_TOKEN };

export function authHeaders(token = TEST_API_TOKEN): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export interface TrpcHttpServer {
  /** `http://127.0.0.1:<port>/api/trpc` */
  base: string;
  close(): Promise<void>;
}

export async function startTrpcHttpServer(deps: ServerDeps): Promise<TrpcHttpServer> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      body: req.method === "POST" || req.method === "PUT" ? Buffer.concat(chunks) : undefined,
      signal: abort.signal,
    });
    // As app/api/hooks/[triggerId]: webhook triggers.
    const hook = /^\/api\/hooks\/([^/?]+)/.exec(req.url ?? "");
    const response = hook
      ? await deps.triggers.handleWebhook(request, decodeURIComponent(hook[1]!))
      : await handleTrpcRequest(request, deps);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
    } catch {
      // The client went away mid-stream (an SSE test closing its connection).
    }
    res.end();
  });
  // As the real server does: forwarded headers count only from the configured proxies.
  guardForwardedHeaders(deps.config.trustedProxies, server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

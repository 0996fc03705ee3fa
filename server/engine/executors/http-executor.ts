/**
 * `http`: method / url / headers / body templates, run under the node's abort signal and timeout;
 * a non-2xx status fails the node. Output = body text. References are put in as data for where
 * they stand (http-url.ts: URL parts; http-body.ts: headers, JSON or form bodies); a value that
 * would change the request's shape fails the node before anything is sent.
 */
import { readBodyCapped } from "@/server/providers/read-body-capped";
import type { Executor, ExecutorContext, ExecutorResult } from "./executor";
import { safeTimeoutSignal } from "@/server/timers/safe-timeout";
import { resolveBody, resolveHeaders } from "./http-body";
import { resolveUrl } from "./http-url";

export interface HttpRequestSpec {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one request (shared by http nodes and http skill recipes). */
export async function runHttpRequest(ctx: ExecutorContext, spec: HttpRequestSpec): Promise<ExecutorResult> {
  if (!spec.url) return { status: "failed", error: "http node has no url" };
  const method = (spec.method ?? (spec.body !== undefined ? "POST" : "GET")).toUpperCase();
  let url: string;
  let headers: Record<string, string>;
  let body: string | undefined;
  let field = "url";
  try {
    url = resolveUrl(ctx, spec.url);
    field = "headers";
    headers = resolveHeaders(ctx, spec.headers ?? {});
    field = "body";
    body =
      spec.body !== undefined && method !== "GET" && method !== "HEAD"
        ? resolveBody(ctx, spec.body, spec.headers ?? {})
        : undefined;
  } catch (err) {
    return { status: "failed", error: `${field}: ${(err as Error).message}; nothing was sent` };
  }
  const signals = [ctx.signal, ...(ctx.timeoutMs ? [safeTimeoutSignal(ctx.timeoutMs)] : [])];
  try {
    ctx.log("engine", `${method} ${url}\n`);
    const res = await fetch(url, { method, headers, body, signal: AbortSignal.any(signals) });
    const { text: kept, truncated } = await readBodyCapped(res, ctx.maxOutputBytes);
    if (truncated) ctx.log("engine", `response body over ${ctx.maxOutputBytes} bytes; kept the start\n`);
    if (!res.ok) return { status: "failed", error: `HTTP ${res.status} ${res.statusText}: ${kept.slice(0, 500)}` };
    return { status: "succeeded", output: kept.trim(), fields: { status_code: res.status } };
  } catch (err) {
    const e = err as Error;
    if (e.name === "TimeoutError")
      return { status: "failed", error: `timed out after ${ctx.timeoutMs} ms`, code: "RUN014" };
    if (ctx.signal.aborted) return { status: "failed", error: "cancelled", code: "RUN020" };
    return { status: "failed", error: `request failed: ${e.message}` };
  }
}

export const httpExecutor: Executor = {
  run(ctx) {
    const n = ctx.node.type === "http" ? ctx.node : undefined;
    return runHttpRequest(ctx, {
      method: n?.method,
      url: n?.url ?? ctx.node.args_template,
      headers: n?.headers,
      body: n?.body,
    });
  },
};

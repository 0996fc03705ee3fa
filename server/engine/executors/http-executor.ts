/**
 * `http`: method / url / headers / body templates (references substituted; URL values encoded), run
 * under the node's abort signal and timeout; a non-2xx status fails the node. Output = body text.
 */
import { readBodyCapped } from "@/server/providers/read-body-capped";
import type { Executor, ExecutorContext, ExecutorResult } from "./executor";
import { safeTimeoutSignal } from "@/server/timers/safe-timeout";

export interface HttpRequestSpec {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What an origin part may hold (`host`, `host:port`, `[v6]`, `user@host`). */
const AUTHORITY = /^[A-Za-z0-9.\-:[\]@_~%]*$/;

/**
 * Every value in the path, query and fragment is URL-encoded (`/items/{id}` with "a/../b" stays one
 * segment, `?q={topic}` with "a&b" stays one parameter). Only the origin is taken as written: a
 * reference that starts the URL (`{base_url}/items`, which must then be an http(s) URL) or one
 * inside `scheme://…/` (which may only hold host characters). Throws an Error naming the problem.
 */
export function resolveUrl(ctx: Pick<ExecutorContext, "resolve" | "lookup">, template: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template);
  const lead = /^\{[^{}]+\}/.exec(template);
  const originEnd = scheme ? scheme[0].length : lead ? lead[0].length : 0;
  const origin = ctx.resolve(template.slice(0, originEnd), (v) => {
    if (scheme && !AUTHORITY.test(v))
      throw new Error(`a value in the URL's host part is not a host name: ${JSON.stringify(v)}`);
    return v;
  });
  if (!scheme && lead && !/^https?:\/\//i.test(origin)) throw new Error(`${lead[0]} must be an http(s) URL`);
  return origin + ctx.resolve(template.slice(originEnd), encodeURIComponent);
}

/** Sends one request (shared by http nodes and http skill recipes). */
export async function runHttpRequest(ctx: ExecutorContext, spec: HttpRequestSpec): Promise<ExecutorResult> {
  if (!spec.url) return { status: "failed", error: "http node has no url" };
  let url: string;
  try {
    url = resolveUrl(ctx, spec.url);
  } catch (err) {
    return { status: "failed", error: `url: ${(err as Error).message}` };
  }
  const method = (spec.method ?? (spec.body !== undefined ? "POST" : "GET")).toUpperCase();
  const headers = Object.fromEntries(Object.entries(spec.headers ?? {}).map(([k, v]) => [k, ctx.resolve(v)]));
  const body = spec.body !== undefined && method !== "GET" && method !== "HEAD" ? ctx.resolve(spec.body) : undefined;
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

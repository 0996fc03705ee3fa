/**
 * `http`: method / url / headers / body templates (references substituted; query values URL-encoded), run
 * under the node's abort signal and timeout; a non-2xx status fails the node. Output = body text.
 */
import type { Executor, ExecutorContext, ExecutorResult } from "./executor";

export interface HttpRequestSpec {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Values in the query string are URL-encoded (`?q={topic}` with "a&b" stays one parameter); before
 * the `?` they go in as written, so `{base_url}/items` works.
 */
export function resolveUrl(ctx: Pick<ExecutorContext, "resolve">, template: string): string {
  const q = template.indexOf("?");
  if (q < 0) return ctx.resolve(template);
  return ctx.resolve(template.slice(0, q)) + "?" + ctx.resolve(template.slice(q + 1), encodeURIComponent);
}

/** Sends one request (shared by http nodes and http skill recipes). */
export async function runHttpRequest(ctx: ExecutorContext, spec: HttpRequestSpec): Promise<ExecutorResult> {
  if (!spec.url) return { status: "failed", error: "http node has no url" };
  const url = resolveUrl(ctx, spec.url);
  const method = (spec.method ?? (spec.body !== undefined ? "POST" : "GET")).toUpperCase();
  const headers = Object.fromEntries(Object.entries(spec.headers ?? {}).map(([k, v]) => [k, ctx.resolve(v)]));
  const body = spec.body !== undefined && method !== "GET" && method !== "HEAD" ? ctx.resolve(spec.body) : undefined;
  const signals = [ctx.signal, ...(ctx.timeoutMs ? [AbortSignal.timeout(ctx.timeoutMs)] : [])];
  try {
    ctx.log("engine", `${method} ${url}\n`);
    const res = await fetch(url, { method, headers, body, signal: AbortSignal.any(signals) });
    const text = await res.text();
    const kept = text.length > ctx.maxOutputBytes ? text.slice(0, ctx.maxOutputBytes) : text;
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

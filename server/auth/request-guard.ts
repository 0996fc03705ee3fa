/**
 * Checks a request must pass before anything reads it (docs/security.md, "Request guards"): the Host header names this
 * server (a DNS-rebinding page sends its own name), a state-changing request comes from this
 * origin (Origin / Sec-Fetch-Site), and its body stays under the size limit.
 */

export interface Refusal {
  status: 400 | 401 | 403 | 413 | 421;
  message: string;
}

const LOOPBACK = ["127.0.0.1", "localhost", "::1"];

/** Host names this server answers to: loopback, HOST when it is a name, and WF_ALLOWED_HOSTS (comma-separated). */
export function allowedHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const hosts = new Set(LOOPBACK);
  for (const h of (env.WF_ALLOWED_HOSTS ?? "").split(",")) if (h.trim()) hosts.add(h.trim().toLowerCase());
  const bind = env.HOST?.trim().toLowerCase();
  if (bind && bind !== "0.0.0.0" && bind !== "::") hosts.add(bind);
  return hosts;
}

/** "Example.com:3000" → "example.com"; "[::1]:3000" → "::1". */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]") < 0 ? undefined : h.indexOf("]"));
  const colon = h.lastIndexOf(":");
  return colon >= 0 ? h.slice(0, colon) : h;
}

export function hostRefusal(headers: Headers, env: NodeJS.ProcessEnv = process.env): Refusal | null {
  const host = headers.get("host");
  if (!host) return { status: 400, message: "the request has no Host header" };
  if (allowedHosts(env).has(hostName(host))) return null;
  return {
    status: 421,
    message: `this server does not answer to the host name "${hostName(host)}": add it to WF_ALLOWED_HOSTS`,
  };
}

/** A browser always sends Origin (and Sec-Fetch-Site) on a cross-site POST; other clients send neither. */
export function originRefusal(method: string, headers: Headers): Refusal | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none")
    return { status: 403, message: `cross-site request refused (Sec-Fetch-Site: ${site})` };
  const origin = headers.get("origin");
  if (!origin) return null;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return { status: 403, message: `cross-origin request refused (Origin: ${origin.slice(0, 100)})` };
  }
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0]!.trim().toLowerCase();
  return originHost === host
    ? null
    : { status: 403, message: `cross-origin request refused (Origin: ${origin.slice(0, 100)})` };
}

/**
 * Request bodies above this are refused (WF_MAX_BODY_BYTES, default 16 MiB): above the 10 MiB an
 * imported text may have, so an import that is too large still gets its own diagnostic (FMT003).
 */
export function maxBodyBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.WF_MAX_BODY_BYTES);
  return Number.isFinite(n) && n > 0 ? n : 16 * 1024 * 1024;
}

export function tooLarge(limit: number): Refusal {
  return { status: 413, message: `the request body is larger than ${limit} bytes (WF_MAX_BODY_BYTES)` };
}

/**
 * The request with its body capped at `limit` bytes, or a refusal. A declared Content-Length over
 * the limit is refused before reading anything; one within it is used as it is (Node's HTTP parser
 * never reads past the declared length, and a copy would tie an abort listener to the request's
 * signal until it is collected); a chunked body is read only up to the limit.
 */
export async function withCappedBody(req: Request, limit = maxBodyBytes()): Promise<Request | Refusal> {
  if (!req.body) return req;
  const header = req.headers.get("content-length");
  if (header !== null && /^\d{1,15}$/.test(header)) return Number(header) > limit ? tooLarge(limit) : req;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: Buffer.concat(chunks),
    signal: req.signal,
  });
}

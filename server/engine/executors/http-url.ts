/**
 * An http node's URL with its references put in, values kept as data: every value in the path,
 * query and fragment is URL-encoded (`/items/{id}` with "a/../b" stays one segment, `?q={topic}`
 * with "a&b" stays one parameter); a value in the user-info part is encoded too. A value in the
 * host or port may only be host characters (a port only digits), and a host written in the
 * template stays the host: `https://api.example.com:{port}/` with `443@evil.example` is refused,
 * never sent to evil.example. Only a reference that starts the URL (`{base_url}/items`) may choose
 * the origin, and it must then be an http(s) URL.
 */
import { parseReferences } from "@/lib/workflow/model/references";
import type { ExecutorContext } from "./executor";
import { previewValue, substituteEach } from "./substitute-each";

/** What a value in the host part may hold: a name, an IPv4 or [IPv6] address, a `:port`. */
const HOST_VALUE = /^[A-Za-z0-9.\-_~:[\]]+$/;
const PORT_VALUE = /^\d{1,5}$/;

type UrlContext = Pick<ExecutorContext, "resolve" | "lookup">;

/**
 * The authority (`user@host:port`) with values put in: user-info values encoded, host and port
 * values checked. Throws an Error naming the reference and its value.
 */
function resolveAuthority(ctx: UrlContext, authority: string): string {
  const at = authority.lastIndexOf("@");
  return substituteEach(ctx.lookup, authority, (ref, value) => {
    if (ref.end <= at) return encodeURIComponent(value);
    // After a written `:` in the host part, the reference is the port.
    const isPort = authority.slice(at + 1, ref.start).includes(":");
    if (isPort ? PORT_VALUE.test(value) : HOST_VALUE.test(value)) return value;
    throw new Error(
      `${ref.raw} stands in the URL's ${isPort ? "port and must be digits" : "host part and may only hold host-name characters"}, but its value is ${previewValue(value)}`,
    );
  });
}

/** The host the template writes itself (no reference in it), or undefined when a value gives it. */
function writtenHost(scheme: string, authority: string): string | undefined {
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  const host = hostPort.startsWith("[") ? hostPort.slice(0, hostPort.indexOf("]") + 1) : hostPort.split(":")[0]!;
  if (!host || parseReferences(host).length) return undefined;
  try {
    return new URL(`${scheme}//${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/** Throws an Error naming the problem (the caller fails the node with it; nothing is sent). */
export function resolveUrl(ctx: UrlContext, template: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)/i.exec(template);
  const lead = /^\{[^{}]+\}/.exec(template);
  let origin: string;
  if (scheme) origin = `${scheme[1]}//${resolveAuthority(ctx, scheme[2]!)}`;
  else if (lead) {
    origin = ctx.resolve(lead[0]);
    if (!/^https?:\/\//i.test(origin)) throw new Error(`${lead[0]} must be an http(s) URL`);
  } else origin = "";
  const originEnd = scheme ? scheme[0].length : lead ? lead[0].length : 0;
  const url = origin + ctx.resolve(template.slice(originEnd), encodeURIComponent);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${previewValue(url)} is not a URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new Error(`${previewValue(url)} is not an http(s) URL`);
  const host = scheme ? writtenHost(scheme[1]!, scheme[2]!) : undefined;
  if (host !== undefined && parsed.hostname !== host)
    throw new Error(`a value changes the URL's host from ${host} to ${parsed.hostname}`);
  return url;
}

/**
 * Forwarded headers are believed only from the configured proxies (`WF_TRUSTED_PROXIES`). Every
 * incoming HTTP request is seen here before any handler (Node's `http.server.request.start`
 * diagnostics channel, published before the server's `request` event): its TCP peer address is
 * written into `x-wf-peer-address` (whatever the client sent there is replaced), and when the peer
 * is not a trusted proxy, the client's own `X-Forwarded-*`, `X-Real-IP` and `Forwarded` headers are
 * removed — so Next fills in its own from the socket, and nothing downstream can be told a made-up
 * client address, scheme or host.
 */
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import { normalizeAddress, type TrustedProxies } from "@/server/config/trusted-proxies";

/** The request's TCP peer, as this process saw it. */
export const PEER_ADDRESS_HEADER = "x-wf-peer-address";

const FORWARDED_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "forwarded",
];

const byServer = new WeakMap<Server, TrustedProxies>();
let everyServer: TrustedProxies | undefined;
let subscribed = false;

function onRequestStart(message: unknown): void {
  const { request, socket, server } = message as { request: IncomingMessage; socket: Socket; server: Server };
  const trusted = byServer.get(server) ?? everyServer;
  if (!trusted) return;
  const peer = socket.remoteAddress ? normalizeAddress(socket.remoteAddress) : "unknown";
  const headers = request.headers;
  if (!trusted.has(peer)) for (const name of FORWARDED_HEADERS) delete headers[name];
  headers[PEER_ADDRESS_HEADER] = peer;
}

/**
 * Guards the requests of `server`, or of every HTTP server of this process when none is given (the
 * Next server, whose object the app never sees). Installing again replaces the proxies.
 */
export function guardForwardedHeaders(trusted: TrustedProxies, server?: Server): void {
  if (server) byServer.set(server, trusted);
  else everyServer = trusted;
  if (subscribed) return;
  subscribed = true;
  subscribe("http.server.request.start", onRequestStart);
}

/**
 * The client's address: the TCP peer, or — when the peer is a trusted proxy — the nearest address
 * in `X-Forwarded-For` (read from the right) that is not itself a trusted proxy. "unknown" when
 * the request did not pass the guard (then nothing it says about itself is believed).
 */
export function clientAddress(headers: Headers, trusted: TrustedProxies): string {
  const peer = headers.get(PEER_ADDRESS_HEADER);
  if (!peer) return "unknown";
  if (!trusted.has(peer)) return peer;
  const chain = (headers.get("x-forwarded-for") ?? headers.get("x-real-ip") ?? "")
    .split(",")
    .map((a) => normalizeAddress(a))
    .filter(Boolean);
  // A rate-limit key: long junk a proxy passed on is cut.
  for (let i = chain.length - 1; i >= 0; i--) if (!trusted.has(chain[i])) return chain[i]!.slice(0, 64);
  return chain[0] ?? peer;
}

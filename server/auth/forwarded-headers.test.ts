/** The client's address: the TCP peer, or behind a trusted proxy the nearest untrusted X-Forwarded-For hop. */
import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "@/server/config/trusted-proxies";
import { clientAddress, PEER_ADDRESS_HEADER } from "./forwarded-headers";

describe("clientAddress", () => {
  const trusted = parseTrustedProxies("127.0.0.1, 10.0.0.0/8");
  const at = (peer: string | null, xff?: string) => {
    const h = new Headers();
    if (peer) h.set(PEER_ADDRESS_HEADER, peer);
    if (xff) h.set("x-forwarded-for", xff);
    return clientAddress(h, trusted);
  };
  it("the peer unless it is a trusted proxy; then the nearest untrusted hop from the right", () => {
    expect(at("192.0.2.1", "203.0.113.9")).toBe("192.0.2.1");
    expect(at("127.0.0.1", "203.0.113.9, 198.51.100.4, 10.0.0.2")).toBe("198.51.100.4");
    expect(at("127.0.0.1", "10.0.0.3")).toBe("10.0.0.3");
    expect(at("127.0.0.1")).toBe("127.0.0.1");
    // No peer stamp: the request did not pass the guard, so nothing it says is believed.
    expect(at(null, "203.0.113.9")).toBe("unknown");
  });
});

/** WF_TRUSTED_PROXIES: addresses and CIDR ranges, IPv4-mapped peers, and a clear error for anything else. */
import { describe, expect, it } from "vitest";
import { readServerConfig } from "./server-config";
import { parseTrustedProxies } from "./trusted-proxies";

describe("parseTrustedProxies", () => {
  it("matches addresses, ranges and IPv4-mapped IPv6 peers; an empty list trusts nobody", () => {
    const p = parseTrustedProxies("10.0.0.0/8, 127.0.0.1 fd00::/8,::1");
    expect(p.entries).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8", "::1"]);
    for (const a of ["10.1.2.3", "::ffff:10.200.0.1", "127.0.0.1", "fd12::1", "[::1]"]) expect(p.has(a), a).toBe(true);
    for (const a of ["11.0.0.1", "127.0.0.2", "fe80::1", "not-an-ip", "", undefined]) expect(p.has(a), a).toBe(false);
    expect(parseTrustedProxies(undefined).has("127.0.0.1")).toBe(false);
  });

  it("an entry that is not an address or a range is named", () => {
    for (const bad of ["10.0.0.0/33", "proxy.example", "10.0.0.1/8/1", "::1/129", "1.2.3.4/x"])
      expect(() => parseTrustedProxies(`127.0.0.1, ${bad}`), bad).toThrow(
        `WF_TRUSTED_PROXIES: "${bad}" is not an IP address or a CIDR range`,
      );
    expect(() => readServerConfig({ WF_TRUSTED_PROXIES: "everyone" })).toThrow(/"everyone"/);
  });
});

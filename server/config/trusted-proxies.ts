/**
 * `WF_TRUSTED_PROXIES`: the addresses (or CIDR ranges) of the reverse proxies in front of the
 * server. Only a request whose TCP peer is one of them may say who the client is
 * (`X-Forwarded-For`, `X-Real-IP`) or how it arrived (`X-Forwarded-Proto`, `X-Forwarded-Host`).
 */
import { BlockList, isIP } from "node:net";

export class TrustedProxiesError extends Error {
  override name = "TrustedProxiesError";
}

export interface TrustedProxies {
  /** The entries as configured (normalised), for messages and docs. */
  readonly entries: readonly string[];
  /** Whether `address` (IPv4, IPv6, or IPv4-mapped IPv6) is one of the configured proxies. */
  has(address: string | null | undefined): boolean;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; surrounding brackets and a zone id dropped. */
export function normalizeAddress(address: string): string {
  let a = address.trim();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  const zone = a.indexOf("%");
  if (zone > 0) a = a.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return (mapped ? mapped[1]! : a).toLowerCase();
}

function family(address: string): "ipv4" | "ipv6" | undefined {
  const v = isIP(address);
  return v === 4 ? "ipv4" : v === 6 ? "ipv6" : undefined;
}

/**
 * Parses a comma- or space-separated list (`10.0.0.0/8, 127.0.0.1 ::1`). Throws
 * TrustedProxiesError naming the first entry that is not an address or a CIDR range.
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries: string[] = [];
  for (const raw of (text ?? "").split(/[\s,]+/)) {
    if (!raw) continue;
    const [addressPart, prefixPart, extra] = raw.split("/");
    const address = normalizeAddress(addressPart ?? "");
    const type = family(address);
    const max = type === "ipv4" ? 32 : 128;
    const prefix = prefixPart === undefined ? max : /^\d{1,3}$/.test(prefixPart) ? Number(prefixPart) : NaN;
    if (!type || extra !== undefined || !(prefix >= 0 && prefix <= max))
      throw new TrustedProxiesError(
        `WF_TRUSTED_PROXIES: "${raw}" is not an IP address or a CIDR range (like 10.0.0.0/8 or ::1)`,
      );
    if (prefix === max) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
    entries.push(prefix === max ? address : `${address}/${prefix}`);
  }
  return {
    entries,
    has(candidate) {
      if (!candidate || entries.length === 0) return false;
      const address = normalizeAddress(candidate);
      const type = family(address);
      return !!type && list.check(address, type);
    },
  };
}

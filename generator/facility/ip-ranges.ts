/**
 * Source address ranges of a registered client, as CIDR blocks. Matching is node:net's BlockList, which also matches
 * IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`, what a dual-stack socket reports) against IPv4 blocks.
 */
import { BlockList, isIP } from "node:net";
import { OptionError } from "../errors.js";

/** Loopback only: what the local facility's own clients are allowed from. */
export const LOOPBACK_RANGES: readonly string[] = ["127.0.0.0/8", "::1/128"];

export interface IpRanges {
  /** The blocks as given, normalised to `address/prefix`. */
  readonly cidrs: readonly string[];
  contains(address: string): boolean;
}

export function ipRanges(cidrs: readonly string[]): IpRanges {
  const list = new BlockList();
  const normalised = cidrs.map((cidr) => {
    const { address, prefix, family } = parseCidr(cidr);
    list.addSubnet(address, prefix, family);
    return `${address}/${prefix}`;
  });
  return {
    cidrs: normalised,
    contains(address) {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
    },
  };
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a bare address (a block of one). */
export function parseCidr(cidr: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } {
  const [address = "", prefixText, extra] = cidr.trim().split("/");
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (version === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
    throw new OptionError(`IP range ${JSON.stringify(cidr)} is not a CIDR block (e.g. 127.0.0.0/8 or ::1/128)`);
  }
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

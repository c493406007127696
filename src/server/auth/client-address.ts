// The client a request comes from, as login throttling counts it. IPv6 hands one subscriber a whole /64,
// so counting single IPv6 addresses would give an attacker 2^64 fresh starts: a /64 counts as one client.
import { isIPv6 } from "node:net";

export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, "::" filled in with zero groups. */
function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("%")[0]?.split("::") ?? [];
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0");
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}

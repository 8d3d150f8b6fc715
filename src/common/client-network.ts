import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by every per-address cap and limit (requests,
 * connections, players created, streams, sockets, lobby feeds): an IPv4 address on its own, an
 * IPv6 address by its network, its first IPV6_PREFIX_LENGTH bits (64 by default). One host
 * holds a whole /64 — the smallest network a provider hands out, inside which the host picks
 * its addresses freely (privacy extensions draw a new one every day) — so counted by exact
 * address, one IPv6 host would have 2^64 buckets of each cap. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports IPv4 peers) is that IPv4 address.
 * Anything that is no IP address (a test's fake socket) is its own key.
 */
export function networkOf(address: string, ipv6PrefixLength: number): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const masked = groups.map((g, i) => {
    const bits = Math.max(0, Math.min(16, ipv6PrefixLength - 16 * i));
    return bits === 0 ? 0 : g & (0xffff << (16 - bits)) & 0xffff;
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${ipv6PrefixLength}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

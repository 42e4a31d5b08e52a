import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a per-address budget counts against: an IPv4 address (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), or an IPv6 /64. One customer's network usually holds a whole /64, so counting single
 * IPv6 addresses would give one client 2^64 budgets. Every budget keyed by `request.ip` goes through here.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) only touches the last 32 bits, never the /64 prefix kept here.
  const missing = Math.max(0, 8 - left.length - right.length);
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}

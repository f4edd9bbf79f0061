import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Targets a company may point the server at (its SMTP server, its SMS, WeChat, voice or RTX endpoint) must be on the
 * public internet: otherwise a company administrator could probe the hosting network through the mail test and the
 * delivery records (a refused connection answers differently from a closed port). The operator can allow private
 * targets (ALLOW_PRIVATE_ENDPOINTS), e.g. an SMTP relay on the same network.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['2002::', 16], // 6to4 of any IPv4 address
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is loopback, private, link-local, CGNAT, unspecified or otherwise not a public host. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return PRIVATE.check(ip, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:127.0.0.1, written any way): the IPv4 address decides. The URL parser writes it canonically.
  const canonical = new URL(`http://[${ip}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const [hi, lo] = [Number.parseInt(mapped[1] ?? '0', 16), Number.parseInt(mapped[2] ?? '0', 16)];
    return PRIVATE.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return PRIVATE.check(ip, 'ipv6');
}

/** A company-supplied target that is not allowed (private, or its name does not resolve). */
export class EndpointRefused extends Error {}

/**
 * The address to connect to for `host`: resolved once, every address checked, and the caller connects to the answer
 * (so a name that resolves differently a moment later, DNS rebinding, cannot slip past the check).
 */
export async function checkedAddress(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new EndpointRefused('the host name does not resolve');
  }
  if (!addresses.length) throw new EndpointRefused('the host name does not resolve');
  if (!allowPrivate && addresses.some(isPrivateAddress)) throw new EndpointRefused('private and local network addresses are not allowed');
  return addresses[0] as string;
}

import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, type RequestInit as UndiciInit, fetch as undiciFetch } from 'undici';

/**
 * Targets a company may point the server at (its SMTP server, its SMS, WeChat, voice or RTX endpoint) must be on the
 * public internet: otherwise a company administrator could probe the hosting network through the mail test and the
 * delivery records (a refused connection answers differently from a closed port). The operator can allow private
 * targets (ALLOW_PRIVATE_ENDPOINTS), e.g. an SMTP relay on the same network. HTTP endpoints are requested only through
 * fetchEndpoint; the mail server is connected to by the address checkedAddress answered.
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

/** Every address of a host name. */
export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
let resolver: Resolver = systemResolver;

/**
 * Tests answer names themselves (a name that turns private between two resolutions) through this seam; null puts the
 * system resolver back. Every resolution of a company-supplied host goes through it, the check and the connection.
 */
export function setResolverForTests(r: Resolver | null): void {
  resolver = r ?? systemResolver;
}

/** Every address of `host` (an IP literal is its own), each checked: refused if any is private, unless allowed. */
async function checkedAddresses(host: string, allowPrivate: boolean): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await resolver(bare);
  } catch {
    throw new EndpointRefused('the host name does not resolve');
  }
  if (!addresses.length) throw new EndpointRefused('the host name does not resolve');
  if (!allowPrivate && addresses.some(isPrivateAddress)) throw new EndpointRefused('private and local network addresses are not allowed');
  return addresses;
}

/**
 * The address to connect to for `host`: resolved once, every address checked, and the caller connects to the answer
 * (so a name that resolves differently a moment later, DNS rebinding, cannot slip past the check).
 */
export async function checkedAddress(host: string, allowPrivate: boolean): Promise<string> {
  return (await checkedAddresses(host, allowPrivate))[0] as string;
}

/**
 * The `lookup` of the sockets to company endpoints: each resolution the connection makes is checked, and the socket
 * connects to exactly the addresses that passed. net.connect asks for one address or, choosing between families
 * (autoSelectFamily), for all.
 */
function checkingLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, allowPrivate).then(
      (addresses) => {
        const all = addresses.map((address) => ({ address, family: isIP(address) })).filter((a) => !options.family || options.family === a.family);
        const first = all[0];
        if (!first) callback(Object.assign(new Error(`no address of the family asked for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        else if (options.all) (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, all);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };
}

/** One connection pool per policy; a pooled connection was made to a checked address. */
const agents = { public: new Agent({ connect: { lookup: checkingLookup(false) } }), any: new Agent({ connect: { lookup: checkingLookup(true) } }) };
const agentFor = (allowPrivate: boolean): Agent => (allowPrivate ? agents.any : agents.public);

/**
 * The one way to send an HTTP request to a company-supplied endpoint (SMS, WeChat, voice, RTX). The host is checked
 * before the request (a clear refusal), and again in the socket's own lookup: a second resolution that answers a
 * private address (DNS rebinding: public for the check, 127.0.0.1 for the connection) is refused, not connected to.
 * Redirects are never followed (a redirect could point anywhere, and take a token with it).
 * Refusals throw EndpointRefused; anything else is fetch's own failure.
 */
export async function fetchEndpoint(url: string, init: RequestInit, allowPrivate: boolean): Promise<Response> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new EndpointRefused('the endpoint is not a valid URL');
  }
  await checkedAddresses(host, allowPrivate);
  try {
    const res = await undiciFetch(url, { ...(init as UndiciInit), redirect: 'manual', dispatcher: agentFor(allowPrivate) });
    // Node's own fetch is undici: the Response is the same shape, only the type declarations differ.
    return res as unknown as Response;
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof EndpointRefused) throw cause;
    throw err;
  }
}

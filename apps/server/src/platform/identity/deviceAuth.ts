import { Status } from '@openvisit/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { randomToken, sha256 } from './crypto.js';

/**
 * Door devices call the platform with their own credential, never a session: `Authorization: Device <eid>.<secret>`,
 * the secret being 256 random bits (base64url) shown once when the device is added or its secret rotated. Only its
 * SHA-256 is stored (a slow hash buys nothing against 256 random bits); the comparison is constant-time.
 */
export const DEVICE_SCHEME = 'Device';

/** The device a request authenticated as: its company is the tenant of the call, never the body's. */
export interface AuthenticatedDevice {
  id: number;
  companyId: number;
  /** As the device row says at the request (a pass record copies them). */
  name: string;
  code: string;
  kind: string;
  /** 1 in, 2 out. */
  direction: number;
}

/**
 * Checks a device's credential; implemented by the devices module (which owns the table) and handed to the platform
 * at start-up (`Services.devices`). Throws 1111 for an unknown device or a wrong or revoked secret, 1130 while the
 * device is disabled; stamps the device's last-seen time.
 */
export interface DeviceAuthenticator {
  authenticate(eid: number, secret: string, ip: string): Promise<AuthenticatedDevice>;
  /**
   * A legacy reader (`legacyAuth` on), which has no credential: the one device of this code registered at this address.
   * 1111 when none or several match, 1130 when it is disabled; stamps its last-seen time as `authenticate` does.
   */
  legacy(code: string, ip: string): Promise<AuthenticatedDevice>;
}

/** A new secret and what is stored of it. */
export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = randomToken(32);
  return { secret, hash: deviceSecretHash(secret) };
}

export function deviceSecretHash(secret: string): string {
  return sha256(secret);
}

/**
 * The credential of a request: undefined without the header, or when it is not the device scheme (a session's token
 * sent instead is then told apart by the caller). A malformed credential of the scheme is refused as a wrong one.
 */
export function deviceCredentialOf(req: FastifyRequest): { eid: number; secret: string } | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Device\s+(\S+)$/i.exec(header.trim());
  if (!m?.[1]) return undefined;
  const cred = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(m[1]);
  const eid = Number(cred?.[1]);
  if (!cred?.[2] || eid > 2147483647) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'Unknown device or wrong secret');
  return { eid, secret: cred[2] };
}

/**
 * The `deviceCode` a legacy reader names in its body (a string, or a number as the original's clients send codes), or
 * undefined when there is none to take.
 */
export function legacyDeviceCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const raw = (body as { deviceCode?: unknown }).deviceCode;
  const code = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  return code === '' ? undefined : code;
}

/**
 * An address as compared with a device's registered one: an IPv4-mapped IPv6 address (`::ffff:10.0.0.5`, what a
 * dual-stack socket reports) as its IPv4 form, an IPv6 address in its canonical text, lower case.
 */
export function canonicalIp(ip: string): string {
  const v = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v);
  if (mapped?.[1]) return mapped[1];
  if (!v.includes(':')) return v;
  try {
    const host = new URL(`http://[${v}]/`).hostname.slice(1, -1);
    return /^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(host) ? v4OfMapped(host) : host;
  } catch {
    return v;
  }
}

/** `::ffff:a00:5` → `10.0.0.5`. */
function v4OfMapped(host: string): string {
  const [hi = 0, lo = 0] = host
    .slice('::ffff:'.length)
    .split(':')
    .map((g) => Number.parseInt(g, 16));
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

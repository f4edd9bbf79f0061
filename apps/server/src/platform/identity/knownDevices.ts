import type { IncomingHttpHeaders } from 'node:http';
import type { SecretBox } from './crypto.js';
import { safeEqual } from './crypto.js';
import type { AccountKind } from './sessions.js';

/**
 * Devices an account has signed in from: after a right password the browser (or kiosk) keeps a mark, an HttpOnly
 * cookie signed with the server's key, that names the account and the password it was right for. Guesses spread over
 * many addresses slow the account down (platform/identity/signinGuard.ts), but not its owner on a device it used before: the
 * delay cannot become a way to lock the owner out. A new password voids every mark (the password hash is signed in).
 */
export const KNOWN_DEVICE_COOKIE = 'ov_known';
/** The marks one browser keeps (accounts signed in from it), newest first. */
const MAX_MARKS = 5;
const KEEP_DAYS = 180;
const PURPOSE = 'known-device';

interface Account {
  kind: AccountKind;
  id: number;
}

function marksOf(headers: IncomingHttpHeaders | undefined): string[] {
  const cookie = headers?.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === KNOWN_DEVICE_COOKIE) return value.join('=').split('~').filter(Boolean).slice(0, MAX_MARKS);
  }
  return [];
}

// The password hash's tail is what ties a mark to the password: argon2id's salt and hash both change with a new one.
const signed = (secrets: SecretBox, a: Account, issued: string, passwordHash: string) =>
  secrets.mac(PURPOSE, `${a.kind}:${a.id}:${issued}:${passwordHash.slice(-32)}`);

function markFits(secrets: SecretBox, mark: string, a: Account, passwordHash: string): boolean {
  const [kind, id, issued, mac] = mark.split('.');
  if (kind !== a.kind || id !== String(a.id) || !issued || !mac) return false;
  const age = Date.now() / 1000 - Number(issued);
  if (!(age >= 0 && age < KEEP_DAYS * 86_400)) return false;
  return safeEqual(mac, signed(secrets, a, issued, passwordHash));
}

/** Whether the request carries a mark of this account for its current password. */
export function fromKnownDevice(secrets: SecretBox, headers: IncomingHttpHeaders | undefined, a: Account, passwordHash: string): boolean {
  return marksOf(headers).some((m) => markFits(secrets, m, a, passwordHash));
}

/** The cookie that adds this account's fresh mark in front of the browser's other marks (its own old ones dropped). */
export function knownDeviceCookie(
  secrets: SecretBox,
  headers: IncomingHttpHeaders | undefined,
  a: Account,
  passwordHash: string,
  secure: boolean,
): string {
  const issued = String(Math.floor(Date.now() / 1000));
  const mine = `${a.kind}.${a.id}.${issued}.${signed(secrets, a, issued, passwordHash)}`;
  const others = marksOf(headers).filter((m) => !m.startsWith(`${a.kind}.${a.id}.`) && /^[\w-]+\.\d+\.\d+\.[\w-]+$/.test(m));
  const value = [mine, ...others].slice(0, MAX_MARKS).join('~');
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/; Max-Age=${KEEP_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

import { timingSafeEqual } from 'node:crypto';
import { Status } from '@openvisit/contract';
import { AppError } from '../http/errors.js';
import type { SecretBox } from '../identity/crypto.js';

/**
 * QR passes in the original product's shape, for the door readers and desk scanners that read nothing else (issued and
 * accepted only where the company switched `originalCompat` on). Layout, fixed widths but for the id at the end:
 *
 *   v | 15 hex signature | 468 | kind (2) | channel (2) | phone (11) | stamp (12, yyyyMMddHHmm) | id (1–10 digits)
 *
 * kind 01 employee, 02 visitor, 03 resident worker; channel 21 employee, 23 invitation, 25 appointment, 30 resident,
 * 40 printed sticker (a badge). The phone is an 11-digit mainland mobile, else 11 zeros. The stamp, in the server's time
 * zone, is when the pass starts to hold (a visit's expected time, a worker's first day), or for a rotating pass the
 * start of the period it was issued in. The id is a visit's check-in code, or a resident worker's id (kind 03,
 * channel 30).
 *
 * The original's 15 hex were the start of SHA-512(payload + a fixed salt): anyone with the salt (shipped in every
 * client) could make passes. Ours are the start of an HMAC under the server's key over the company and the payload
 * (SecretBox.mac, as our own passes), so a pass cannot be made up or altered (1112) and never reads as another
 * company's. Whether it rotates is signed too (without a field of its own, which the original's layout lacks).
 */
export const ORIGINAL_KINDS = { employee: '01', visitor: '02', resident: '03' } as const;
export const ORIGINAL_CHANNELS = { employee: '21', invite: '23', appointment: '25', resident: '30', sticker: '40' } as const;
export type OriginalKind = keyof typeof ORIGINAL_KINDS;
export type OriginalChannel = keyof typeof ORIGINAL_CHANNELS;

/** The channels each kind of person is given passes through. */
const CHANNELS_OF: Record<OriginalKind, readonly OriginalChannel[]> = {
  employee: ['employee', 'sticker'],
  visitor: ['invite', 'appointment', 'sticker'],
  resident: ['resident', 'sticker'],
};

export interface OriginalPassFields {
  kind: OriginalKind;
  channel: OriginalChannel;
  /** A mainland mobile (11 digits) or '' (written as zeros). */
  phone: string;
  /** The stamp, whole minutes (ms since the epoch). */
  at: number;
  id: string;
  rotating: boolean;
}

const PREFIX = '468';
const FILLER = '00000000000';
const SHAPE = /^v([0-9a-f]{15})(468(\d{2})(\d{2})(\d{11})(\d{12})(\d{1,10}))$/;
const PURPOSE = 'original pass';

const signature = (secrets: SecretBox, companyId: number, rotating: boolean, payload: string) =>
  Buffer.from(secrets.mac(PURPOSE, `${companyId}:${rotating ? 'r' : 's'}:${payload}`), 'base64url')
    .toString('hex')
    .slice(0, 15);

const p2 = (n: number) => String(n).padStart(2, '0');

function stampOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}${p2(d.getMonth() + 1)}${p2(d.getDate())}${p2(d.getHours())}${p2(d.getMinutes())}`;
}

function msOf(stamp: string): number | null {
  const [y, mo, d, h, mi] = [stamp.slice(0, 4), stamp.slice(4, 6), stamp.slice(6, 8), stamp.slice(8, 10), stamp.slice(10, 12)].map(Number);
  const at = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  return stampOf(at.getTime()) === stamp ? at.getTime() : null;
}

const codeOf = <K extends string>(table: Record<K, string>, code: string): K | undefined =>
  (Object.keys(table) as K[]).find((k) => table[k] === code);

/** The phone as the pass writes it: an 11-digit mainland mobile, else zeros. */
export const originalPhone = (phone: string): string => (/^1\d{10}$/.test(phone) ? phone : FILLER);

export function encodeOriginalPass(secrets: SecretBox, companyId: number, f: OriginalPassFields): string {
  if (!CHANNELS_OF[f.kind].includes(f.channel) || !/^\d{1,10}$/.test(f.id)) throw new Error(`not an original pass: ${f.kind}/${f.channel}/${f.id}`);
  const payload = `${PREFIX}${ORIGINAL_KINDS[f.kind]}${ORIGINAL_CHANNELS[f.channel]}${originalPhone(f.phone)}${stampOf(f.at)}${f.id}`;
  return `v${signature(secrets, companyId, f.rotating, payload)}${payload}`;
}

/** Has the original's shape (whether or not it is signed): the readers' and scanners' test. */
export const isOriginalPass = (text: string): boolean => /^v[0-9a-fA-F]{15}468/.test(text.replace(/\s+/g, ''));

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** An original-format pass read back; 1112 when it is not one this server made for this company. */
export function readOriginalPass(secrets: SecretBox, companyId: number, text: string): OriginalPassFields {
  const m = SHAPE.exec(text.replace(/\s+/g, ''));
  const [, sig, payload, kindCode, channelCode, phone, stamp, id] = m ?? [];
  if (!sig || !payload || !kindCode || !channelCode || !phone || !stamp || !id) throw new AppError(Status.QRCODE_FORMAT_ERROR);
  // Both checked whatever the first answers, so the time taken does not tell which it was.
  const still = same(sig, signature(secrets, companyId, false, payload));
  const rotating = same(sig, signature(secrets, companyId, true, payload));
  const kind = codeOf(ORIGINAL_KINDS, kindCode);
  const channel = codeOf(ORIGINAL_CHANNELS, channelCode);
  const at = msOf(stamp);
  if ((!still && !rotating) || !kind || !channel || !CHANNELS_OF[kind].includes(channel) || at === null)
    throw new AppError(Status.QRCODE_FORMAT_ERROR);
  return { kind, channel, phone: phone === FILLER ? '' : phone, at, id, rotating };
}

import { timingSafeEqual } from 'node:crypto';
import { Status } from '@openvisit/contract';
import { AppError } from '../http/errors.js';
import type { SecretBox } from '../identity/crypto.js';
import { encodeOriginalPass, isOriginalPass, type OriginalChannel, readOriginalPass } from './originalPasses.js';

/**
 * The visitor's QR pass: `OV3<check-in code><signature>`, the signature 16 letters and digits of an HMAC of the company and
 * the code under the server's key (about 95 bits; letters and digits only, 27 characters, so door devices that keep
 * passes as card numbers — Hikvision's QR readers — can hold it; passes issued before as `OV1-<code>-<signature>` still
 * read), so a pass cannot be made up or altered without the server: a tampered one answers 1112. Codes
 * are unique only within a company, so the company is signed too: another company's pass never reads as a visit of
 * this one, even where the two codes coincide. The code alone stays what a visitor types at the kiosk; whether the
 * visit may check in or pass a door now (its window, approval, cancellation) is decided from the visit itself.
 *
 * Where the company rotates its codes (`cryptoperiod` minutes), the invitation page shows `OV2-<code>-<slot>-<signature>`
 * instead, the slot being the period's number since the epoch and signed with the rest: a door accepts the current slot
 * and the one before (a pass shown just before the turn), and answers 1128 to an older one or to a still pass, so a
 * photo of a pass is worth one period at most.
 */
const PASS = /^OV1-(\d{8})-([A-Za-z0-9_-]{16})$/;
/** The still pass as issued now: letters and digits only, 27 characters, so a door device can keep it as a card number. */
const CARD_SAFE = /^OV3(\d{8})([A-Za-z0-9]{16})$/;
const ROTATING = /^OV2-(\d{8})-(\d{1,12})-([A-Za-z0-9_-]{16})$/;
const PURPOSE = 'visit pass';

const signature = (secrets: SecretBox, companyId: number, signed: string) => secrets.mac(PURPOSE, `${companyId}:${signed}`).slice(0, 16);
/** The same MAC's first 16 letters and digits (about 95 bits): a signature a card number may hold. */
export const alnumSignature = (mac: string): string => mac.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);

/** The rotation slot `at` falls in, for a period of `minutes`. */
export const passSlot = (minutes: number, at: number): number => Math.floor(at / (minutes * 60_000));

/** A visit's pass; with `rotate` (the company's cryptoperiod > 0) one for the slot of `rotate.at`. */
export function visitPass(secrets: SecretBox, companyId: number, code: string, rotate?: { minutes: number; at: number }): string {
  if (!rotate || rotate.minutes <= 0) return `OV3${code}${alnumSignature(secrets.mac(PURPOSE, `${companyId}:${code}`))}`;
  const slot = passSlot(rotate.minutes, rotate.at);
  return `OV2-${code}-${slot}-${signature(secrets, companyId, `${code}:${slot}`)}`;
}

const sameSignature = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A pass read back: its code, and its slot when it is a rotating one. 1112 when it is not a pass of this company's. */
export function readPass(secrets: SecretBox, companyId: number, text: string): { code: string; slot: number | null } {
  const t = text.replace(/\s+/g, '');
  const still = PASS.exec(t);
  if (still?.[1] && still[2] && sameSignature(still[2], signature(secrets, companyId, still[1]))) return { code: still[1], slot: null };
  const safe = CARD_SAFE.exec(t);
  if (safe?.[1] && safe[2] && sameSignature(safe[2], alnumSignature(secrets.mac(PURPOSE, `${companyId}:${safe[1]}`))))
    return { code: safe[1], slot: null };
  const rotating = ROTATING.exec(t);
  if (rotating?.[1] && rotating[2] && rotating[3] && sameSignature(rotating[3], signature(secrets, companyId, `${rotating[1]}:${rotating[2]}`)))
    return { code: rotating[1], slot: Number(rotating[2]) };
  throw new AppError(Status.QRCODE_FORMAT_ERROR);
}

/**
 * What the kiosk scanned or typed → the check-in code: a pass (still or rotating; with `original`, one in the original's
 * format too) is verified (1112 when tampered, or when it looks like a pass but is not one); anything else is taken as
 * a typed code. Without `original` (the company's compatibility switch off) an original-format pass answers 1112.
 */
/** Whether a check-in's text is a scanned QR pass (ours or the original's) rather than a code typed by hand. */
export function isScannedPass(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  return t.startsWith('OV1-') || t.startsWith('OV2-') || t.startsWith('OV3') || isOriginalPass(t);
}

export function codeOfScan(secrets: SecretBox, companyId: number, text: string, original = false): string {
  const t = text.replace(/\s+/g, '');
  if (isOriginalPass(t)) {
    const read = readAnyPass(secrets, companyId, t, original ? { cryptoperiod: 0 } : null);
    if (read.person !== 'visit') throw new AppError(Status.INVALID_VISITOR, 'A resident worker’s pass is not a visit’s');
    return read.code;
  }
  if (!t.startsWith('OV1-') && !t.startsWith('OV2-') && !t.startsWith('OV3')) return t;
  return readPass(secrets, companyId, t).code;
}

/** What a visit's pass is made of. */
export interface PassVisit {
  code: string;
  phone: string;
  kind: string;
  /** When the pass starts to hold: the expected time, else when the visit was made (ms). */
  at: number;
}

/**
 * A visit's pass as the company gives it out: ours, or with `original` (the company's compatibility switch) the
 * original's format (platform/formats/originalPasses.ts), for readers that read nothing else. `badge`: the pass a badge prints
 * (the original's "printed sticker" channel); `rotate` as for `visitPass`.
 */
export function issueVisitPass(
  secrets: SecretBox,
  companyId: number,
  v: PassVisit,
  o: { original: boolean; badge?: boolean; rotate?: { minutes: number; at: number } },
): string {
  if (!o.original) return visitPass(secrets, companyId, v.code, o.rotate);
  const rotate = o.rotate && o.rotate.minutes > 0 ? o.rotate : null;
  const channel: OriginalChannel = o.badge ? 'sticker' : v.kind === 'invite' ? 'invite' : v.kind === 'appointment' ? 'appointment' : 'sticker';
  return encodeOriginalPass(secrets, companyId, {
    kind: v.kind === 'resident' ? 'resident' : 'visitor',
    channel,
    phone: v.phone,
    // A rotating pass is stamped with the start of its period: the door reads its slot back from it.
    at: rotate ? passSlot(rotate.minutes, rotate.at) * rotate.minutes * 60_000 : v.at,
    id: v.code,
    rotating: rotate !== null,
  });
}

/** A resident worker's pass as the company gives it out: ours, or the original's format (kind 03, channel 30). */
export function issueResidentPass(secrets: SecretBox, companyId: number, w: { id: number; phone: string; startAt: Date }, original: boolean): string {
  if (!original) return residentPass(secrets, companyId, w.id);
  const at = w.startAt.getTime();
  return encodeOriginalPass(secrets, companyId, { kind: 'resident', channel: 'resident', phone: w.phone, at, id: String(w.id), rotating: false });
}

export type PassRead = { person: 'visit'; code: string; slot: number | null } | { person: 'resident'; rid: number };

/**
 * Any pass a door or desk may be shown, read back: ours (visit, rotating visit, resident worker) and, with `original`
 * (the company's compatibility switch on, with its cryptoperiod for the slot of a rotating one), the original's
 * format. 1112 when it is none of these made for this company, an original-format pass where the switch is off, or
 * an employee's original-format pass (OpenVisit gives employees none).
 */
export function readAnyPass(secrets: SecretBox, companyId: number, text: string, original: { cryptoperiod: number } | null): PassRead {
  if (isResidentPass(text)) return { person: 'resident', rid: readResidentPass(secrets, companyId, text) };
  if (!isOriginalPass(text)) return { person: 'visit', ...readPass(secrets, companyId, text) };
  if (!original) throw new AppError(Status.QRCODE_FORMAT_ERROR);
  const p = readOriginalPass(secrets, companyId, text);
  if (p.kind === 'employee') throw new AppError(Status.QRCODE_FORMAT_ERROR);
  if (p.channel === 'resident') return { person: 'resident', rid: Number(p.id) };
  return { person: 'visit', code: p.id, slot: p.rotating ? passSlot(Math.max(original.cryptoperiod, 1), p.at) : null };
}

/**
 * A resident worker's QR pass: `OVR3<rid in ten digits><signature>` (before: `OVR1-<rid>-<signature>`, still read), signed like the visit pass but for another purpose, so neither
 * reads as the other. It names the person, not a visit: whether they may come in now (approval, validity window) is
 * decided from the worker when the pass is used.
 */
const RESIDENT_PASS = /^OVR1-(\d{1,10})-([A-Za-z0-9_-]{16})$/;
const RESIDENT_CARD_SAFE = /^OVR3(\d{10})([A-Za-z0-9]{16})$/;
const RESIDENT_PURPOSE = 'resident pass';

export function residentPass(secrets: SecretBox, companyId: number, rid: number): string {
  return `OVR3${String(rid).padStart(10, '0')}${alnumSignature(secrets.mac(RESIDENT_PURPOSE, `${companyId}:${rid}`))}`;
}

export const isResidentPass = (text: string): boolean => /^OVR[13]/.test(text.replace(/\s+/g, ''));

/** The worker a resident pass names; 1112 when it is not one of this company's. */
export function readResidentPass(secrets: SecretBox, companyId: number, text: string): number {
  const m = RESIDENT_PASS.exec(text.replace(/\s+/g, ''));
  if (m?.[1] && m[2] && sameSignature(m[2], secrets.mac(RESIDENT_PURPOSE, `${companyId}:${m[1]}`).slice(0, 16))) return Number(m[1]);
  const safe = RESIDENT_CARD_SAFE.exec(text.replace(/\s+/g, ''));
  if (safe?.[1] && safe[2] && sameSignature(safe[2], alnumSignature(secrets.mac(RESIDENT_PURPOSE, `${companyId}:${Number(safe[1])}`))))
    return Number(safe[1]);
  throw new AppError(Status.QRCODE_FORMAT_ERROR);
}

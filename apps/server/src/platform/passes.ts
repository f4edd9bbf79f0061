import { timingSafeEqual } from 'node:crypto';
import { Status } from '@openvisit/contract';
import type { SecretBox } from './crypto.js';
import { AppError } from './errors.js';

/**
 * The visitor's QR pass: `OV1-<check-in code>-<signature>`, the signature an HMAC of the company and the code under the
 * server's key (96 bits), so a pass cannot be made up or altered without the server: a tampered one answers 1112. Codes
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
const ROTATING = /^OV2-(\d{8})-(\d{1,12})-([A-Za-z0-9_-]{16})$/;
const PURPOSE = 'visit pass';

const signature = (secrets: SecretBox, companyId: number, signed: string) => secrets.mac(PURPOSE, `${companyId}:${signed}`).slice(0, 16);

/** The rotation slot `at` falls in, for a period of `minutes`. */
export const passSlot = (minutes: number, at: number): number => Math.floor(at / (minutes * 60_000));

/** A visit's pass; with `rotate` (the company's cryptoperiod > 0) one for the slot of `rotate.at`. */
export function visitPass(secrets: SecretBox, companyId: number, code: string, rotate?: { minutes: number; at: number }): string {
  if (!rotate || rotate.minutes <= 0) return `OV1-${code}-${signature(secrets, companyId, code)}`;
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
  const rotating = ROTATING.exec(t);
  if (rotating?.[1] && rotating[2] && rotating[3] && sameSignature(rotating[3], signature(secrets, companyId, `${rotating[1]}:${rotating[2]}`)))
    return { code: rotating[1], slot: Number(rotating[2]) };
  throw new AppError(Status.QRCODE_FORMAT_ERROR);
}

/**
 * What the kiosk scanned or typed → the check-in code: a pass (still or rotating) is verified (1112 when tampered, or
 * when it looks like a pass but is not one); anything else is taken as a typed code.
 */
export function codeOfScan(secrets: SecretBox, companyId: number, text: string): string {
  const t = text.replace(/\s+/g, '');
  if (!t.startsWith('OV1-') && !t.startsWith('OV2-')) return t;
  return readPass(secrets, companyId, t).code;
}

/**
 * A resident worker's QR pass: `OVR1-<rid>-<signature>`, signed like the visit pass but for another purpose, so neither
 * reads as the other. It names the person, not a visit: whether they may come in now (approval, validity window) is
 * decided from the worker when the pass is used.
 */
const RESIDENT_PASS = /^OVR1-(\d{1,10})-([A-Za-z0-9_-]{16})$/;
const RESIDENT_PURPOSE = 'resident pass';

export function residentPass(secrets: SecretBox, companyId: number, rid: number): string {
  return `OVR1-${rid}-${secrets.mac(RESIDENT_PURPOSE, `${companyId}:${rid}`).slice(0, 16)}`;
}

export const isResidentPass = (text: string): boolean => text.replace(/\s+/g, '').startsWith('OVR1-');

/** The worker a resident pass names; 1112 when it is not one of this company's. */
export function readResidentPass(secrets: SecretBox, companyId: number, text: string): number {
  const m = RESIDENT_PASS.exec(text.replace(/\s+/g, ''));
  if (m?.[1] && m[2] && sameSignature(m[2], secrets.mac(RESIDENT_PURPOSE, `${companyId}:${m[1]}`).slice(0, 16))) return Number(m[1]);
  throw new AppError(Status.QRCODE_FORMAT_ERROR);
}

import { timingSafeEqual } from 'node:crypto';
import { Status } from '@openvisit/contract';
import type { SecretBox } from './crypto.js';
import { AppError } from './errors.js';

/**
 * The visitor's QR pass: `OV1-<check-in code>-<signature>`, the signature an HMAC of the company and the code under the
 * server's key (96 bits), so a pass cannot be made up or altered without the server: a tampered one answers 1112. Codes
 * are unique only within a company, so the company is signed too: another company's pass never reads as a visit of
 * this one, even where the two codes coincide. The code alone
 * stays what a visitor types at the kiosk; whether the visit may check in now (its window, approval, cancellation) is
 * decided from the visit itself when the pass is read.
 */
const PASS = /^OV1-(\d{8})-([A-Za-z0-9_-]{16})$/;
const PURPOSE = 'visit pass';

const signature = (secrets: SecretBox, companyId: number, code: string) => secrets.mac(PURPOSE, `${companyId}:${code}`).slice(0, 16);

export function visitPass(secrets: SecretBox, companyId: number, code: string): string {
  return `OV1-${code}-${signature(secrets, companyId, code)}`;
}

/**
 * What the kiosk scanned or typed → the check-in code: a pass is verified (1112 when tampered, or when it looks like a
 * pass but is not one); anything else is taken as a typed code.
 */
export function codeOfScan(secrets: SecretBox, companyId: number, text: string): string {
  const t = text.replace(/\s+/g, '');
  if (!t.startsWith('OV1-')) return t;
  const m = PASS.exec(t);
  const code = m?.[1] ?? '';
  const given = Buffer.from(m?.[2] ?? '');
  const expected = Buffer.from(signature(secrets, companyId, code));
  if (!m || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(Status.QRCODE_FORMAT_ERROR);
  return code;
}

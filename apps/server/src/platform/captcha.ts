import { Status } from '@openvisit/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { captchas } from '../db/schema/index.js';
import { randomToken, safeEqual, sha256 } from './crypto.js';
import { AppError } from './errors.js';
import { type DbOrScope, dbFrom } from './tenancy.js';

const TTL_SECONDS = 300;
const MAX_ATTEMPTS = 5;

function codeHash(digest: string, code: string): string {
  return sha256(`${digest}:${code.trim().toLowerCase()}`);
}

/** A new challenge: the picture (SVG as base64) and the digest that names it. */
export async function createCaptcha(on: DbOrScope): Promise<{ base64Str: string; digest: string; expiresIn: number }> {
  const db = dbFrom(on);
  const { data, text } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb' });
  const digest = randomToken(18);
  await db.insert(captchas).values({ digest, codeHash: codeHash(digest, text), expiresAt: new Date(Date.now() + TTL_SECONDS * 1000) });
  // Old challenges are of no use to anyone; clear them as new ones are made.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(Date.now() - 3600_000)));
  return { base64Str: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, digest, expiresIn: TTL_SECONDS };
}

/** 119 on a wrong, expired, exhausted or unknown challenge. */
export async function checkCaptcha(on: DbOrScope, digest: string, vcode: string): Promise<void> {
  const db = dbFrom(on);
  const [row] = await db.select().from(captchas).where(eq(captchas.digest, digest)).limit(1);
  if (!row || row.spentAt || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS)
    throw new AppError(Status.CAPTCHA_INVALID, 'The verification code has expired; please get a new one');
  if (!safeEqual(row.codeHash, codeHash(digest, vcode))) {
    await db
      .update(captchas)
      .set({ attempts: sql`${captchas.attempts} + 1` })
      .where(eq(captchas.id, row.id));
    throw new AppError(Status.CAPTCHA_INVALID, 'The verification code is wrong');
  }
  await db.update(captchas).set({ verifiedAt: new Date() }).where(eq(captchas.id, row.id));
}

/** Spends a verified challenge: each sign-in, sign-up or recovery needs one (119 otherwise). */
export async function spendCaptcha(on: DbOrScope, digest: string | undefined): Promise<void> {
  const db = dbFrom(on);
  if (!digest) throw new AppError(Status.CAPTCHA_INVALID, 'Verification code must be filled');
  const spent = await db
    .update(captchas)
    .set({ spentAt: new Date() })
    .where(and(eq(captchas.digest, digest), isNull(captchas.spentAt), sql`${captchas.verifiedAt} IS NOT NULL`, sql`${captchas.expiresAt} > now()`))
    .returning({ id: captchas.id });
  if (spent.length === 0) throw new AppError(Status.CAPTCHA_INVALID, 'The verification code has not been verified or has expired');
}

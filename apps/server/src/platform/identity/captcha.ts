import { randomInt } from 'node:crypto';
import { type CaptchaKind, type Out, Status } from '@openvisit/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { captchas } from '../../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { captchaText, pngDataUrl, rasterCaptcha } from './captchaPicture.js';
import { randomToken, safeEqual, sha256 } from './crypto.js';
import { type DbOrScope, dbFrom } from './tenancy.js';

const TTL_SECONDS = 300;
const MAX_ATTEMPTS = 5;

/** Case, surrounding spaces and full-width forms (a Chinese keyboard's "１２") do not matter. */
function codeHash(digest: string, code: string): string {
  return sha256(`${digest}:${code.normalize('NFKC').trim().toLowerCase()}`);
}

/** A small sum with a non-negative answer below 20: "7+4=?", "12-5=?". */
export function arithmeticQuestion(): { text: string; answer: number } {
  if (randomInt(2) === 0) {
    const left = randomInt(1, 10);
    const right = randomInt(1, 10);
    return { text: `${left}+${right}=?`, answer: left + right };
  }
  const right = randomInt(1, 10);
  const left = right + randomInt(1, 10);
  return { text: `${left}-${right}=?`, answer: left - right };
}

/** What the picture shows and the answer expected: characters, or a sum whose answer is a number. */
export function challenge(kind: CaptchaKind): { text: string; answer: string } {
  if (kind === 'image') {
    const text = captchaText();
    return { text, answer: text };
  }
  const { text, answer } = arithmeticQuestion();
  return { text, answer: String(answer) };
}

/**
 * A new challenge and the digest that names it. The row keeps the expected answer hashed; both kinds are a picture
 * (a sum is easier to read than letters), never text or numbers a script reads from the answer.
 */
export async function createCaptcha(on: DbOrScope, kind: CaptchaKind = 'image'): Promise<Out<'getValidationCode'>> {
  const db = dbFrom(on);
  const digest = randomToken(18);
  const shown = challenge(kind);
  const picture = pngDataUrl(await rasterCaptcha(shown.text));
  await db.insert(captchas).values({ digest, codeHash: codeHash(digest, shown.answer), expiresAt: new Date(Date.now() + TTL_SECONDS * 1000) });
  // Old challenges are of no use to anyone; clear them as new ones are made.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(Date.now() - 3600_000)));
  return { base64Str: picture, digest, expiresIn: TTL_SECONDS, kind };
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

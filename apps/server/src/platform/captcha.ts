import { randomInt } from 'node:crypto';
import { type CaptchaKind, type Out, Status } from '@openvisit/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { captchas } from '../db/schema/index.js';
import { captchaText, drawCaptcha, svgDataUrl } from './captchaPicture.js';
import { randomToken, safeEqual, sha256 } from './crypto.js';
import { AppError } from './errors.js';
import { type DbOrScope, dbFrom } from './tenancy.js';

const TTL_SECONDS = 300;
const MAX_ATTEMPTS = 5;

/** Case, surrounding spaces and full-width forms (a Chinese keyboard's "１２") do not matter. */
function codeHash(digest: string, code: string): string {
  return sha256(`${digest}:${code.normalize('NFKC').trim().toLowerCase()}`);
}

type Question = NonNullable<Out<'getValidationCode'>['question']>;

/** A small sum with a non-negative answer below 20: "7 plus 4", "12 minus 5". */
export function arithmeticQuestion(): Question & { answer: number } {
  if (randomInt(2) === 0) {
    const left = randomInt(1, 10);
    const right = randomInt(1, 10);
    return { left, right, operator: 'plus', answer: left + right };
  }
  const right = randomInt(1, 10);
  const left = right + randomInt(1, 10);
  return { left, right, operator: 'minus', answer: left - right };
}

/** What to show and the answer expected. */
function challenge(kind: CaptchaKind): { answer: string; picture: string; question?: Question } {
  if (kind === 'image') {
    const text = captchaText();
    return { answer: text, picture: drawCaptcha(text) };
  }
  const { answer, ...question } = arithmeticQuestion();
  const sign = question.operator === 'plus' ? '+' : '-';
  return { answer: String(answer), picture: drawCaptcha(`${question.left}${sign}${question.right}=?`), question };
}

/**
 * A new challenge and the digest that names it. One mechanism for both kinds: the row keeps the expected answer
 * hashed; the kind only decides what is shown — characters in a picture, or a sum the page asks in words (for those
 * who cannot read the picture), whose picture is drawn too for clients that only know `base64Str`.
 */
export async function createCaptcha(on: DbOrScope, kind: CaptchaKind = 'image'): Promise<Out<'getValidationCode'>> {
  const db = dbFrom(on);
  const digest = randomToken(18);
  const shown = challenge(kind);
  await db.insert(captchas).values({ digest, codeHash: codeHash(digest, shown.answer), expiresAt: new Date(Date.now() + TTL_SECONDS * 1000) });
  // Old challenges are of no use to anyone; clear them as new ones are made.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(Date.now() - 3600_000)));
  return { base64Str: svgDataUrl(shown.picture), digest, expiresIn: TTL_SECONDS, kind, ...(shown.question ? { question: shown.question } : {}) };
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

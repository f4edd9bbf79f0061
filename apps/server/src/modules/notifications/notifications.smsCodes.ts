import { randomInt } from 'node:crypto';
import {
  normalizePhone,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_PER_HOUR,
  SMS_CODE_RESEND_SECONDS,
  SMS_CODE_TTL_SECONDS,
  type SmsCodePurpose,
  Status,
} from '@openvisit/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, smsCodes } from '../../db/schema/index.js';
import type { CallContext } from '../../platform/calls.js';
import { spendCaptcha } from '../../platform/captcha.js';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.js';
import { AppError, badParams } from '../../platform/errors.js';
import { visitByInviteToken } from '../visits/visits.repository.js';
import { companyChannels } from './notifications.channels.js';

const hashOf = (salt: string, code: string) => sha256(`${salt}:${code}`);
const phoneOf = (phone: string) => normalizePhone(phone) ?? phone.trim();

function codeText(lang: 'zh' | 'en', code: string): string {
  const minutes = SMS_CODE_TTL_SECONDS / 60;
  return lang === 'zh'
    ? `您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉他人。`
    : `Your verification code is ${code}. It is valid for ${minutes} minutes; do not share it.`;
}

/** Whether the company has SMS switched on (then "came before" at the kiosk needs a code). */
export async function smsSwitchedOn(db: Db, companyId: number): Promise<boolean> {
  return (await companyChannels(db, companyId)).problems.sms !== 'smsOff';
}

/**
 * Sends a 6-digit code to `phone` by the company's SMS, now (the caller waits): 53 SMS off, 43 no quota, 52 a code
 * less than a minute ago or too many this hour, 22 with the provider's reason. The code is kept only as a salted hash;
 * the delivery record keeps the message with the code masked.
 */
export async function sendCode(ctx: CallContext, companyId: number, phoneIn: string, purpose: SmsCodePurpose) {
  const { db } = ctx;
  const phone = phoneOf(phoneIn);
  await ctx.services.notifier.require(companyId, 'sms');
  const recent = and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, sql`now() - interval '1 hour'`));
  const [last] = await db.select({ at: smsCodes.createdAt }).from(smsCodes).where(recent).orderBy(desc(smsCodes.createdAt)).limit(1);
  if (last && Date.now() - last.at.getTime() < SMS_CODE_RESEND_SECONDS * 1000)
    throw new AppError(Status.MESSAGE_ALREADY_SENT, 'A code was sent to this phone less than a minute ago; wait before asking again');
  const [hour] = await db.select({ n: count() }).from(smsCodes).where(recent);
  if ((hour?.n ?? 0) >= SMS_CODE_PER_HOUR)
    throw new AppError(Status.MESSAGE_ALREADY_SENT, 'Too many codes for this phone in the last hour; try again later');

  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const salt = randomToken(12);
  const [row] = await db
    .insert(smsCodes)
    .values({ companyId, phone, purpose, salt, codeHash: hashOf(salt, code), expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000) })
    .returning({ id: smsCodes.id });
  const [company] = await db.select({ lang: companies.lang }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const lang = company?.lang === 'zh' ? 'zh' : 'en';
  const sent = await ctx.services.outbox.sendNow({
    companyId,
    channel: 'sms',
    to: phone,
    subject: lang === 'zh' ? '验证码' : 'Verification code',
    text: codeText(lang, code),
  });
  // The record keeps what was sent, but not a code someone could still use.
  await ctx.services.outbox.redact(sent.id, codeText(lang, '******'));
  if (sent.state !== 'sent') {
    await db.delete(smsCodes).where(eq(smsCodes.id, row?.id ?? 0));
    throw new AppError(Status.SMS_SEND_FAILED, `The SMS was not sent: ${sent.error ?? 'unknown reason'}`);
  }
  return { expiresIn: SMS_CODE_TTL_SECONDS, resendIn: SMS_CODE_RESEND_SECONDS };
}

/**
 * Checks the latest code sent to `phone` for `purpose` (in `companyId` when given): 144 when there is none still valid
 * (expired, spent, or tried 5 times wrongly), 145 when wrong (the try counts). With `spend`, a right code is used up.
 */
export async function checkCode(
  db: Db,
  q: { companyId?: number; phone: string; purpose: SmsCodePurpose; code: string; spend: boolean },
): Promise<void> {
  const phone = phoneOf(q.phone);
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, q.purpose), q.companyId ? eq(smsCodes.companyId, q.companyId) : undefined))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!row || row.spentAt || row.expiresAt.getTime() < Date.now() || row.attempts >= SMS_CODE_MAX_TRIES)
    throw new AppError(Status.SMS_CODE_EXPIRED, 'No valid code for this phone: ask for a new one');
  if (!safeEqual(row.codeHash, hashOf(row.salt, q.code.trim()))) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    throw new AppError(Status.SMS_CODE_WRONG, 'The code is wrong');
  }
  if (!q.spend) return;
  const spent = await db
    .update(smsCodes)
    .set({ spentAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.spentAt)))
    .returning({ id: smsCodes.id });
  if (!spent.length) throw new AppError(Status.SMS_CODE_EXPIRED, 'No valid code for this phone: ask for a new one');
}

/** From the visitor's invitation page: a verified captcha, a live invitation, and only the invited phone. */
export async function sendCodeFromInvitation(ctx: CallContext, input: { phone: string; digest: string; secid: string }) {
  await spendCaptcha(ctx.db, input.digest);
  const visit = await visitByInviteToken(ctx.db, sha256(input.secid));
  if (visit?.kind !== 'invite') throw new AppError(Status.INVALID_VISITOR);
  if (phoneOf(visit.phone) !== phoneOf(input.phone)) throw badParams([{ field: 'phone', rule: 'notInvited' }]);
  return sendCode(ctx, visit.companyId, input.phone, 'invitation');
}

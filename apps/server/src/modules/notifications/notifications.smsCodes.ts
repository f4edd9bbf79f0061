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
import { company as companyRow } from '../../core/company/company.public.js';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { randomToken, safeEqual, sha256 } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import type { PersonKeys } from '../../platform/personData.js';
import { companyChannels } from './notifications.channels.js';
import { notificationsPersonRepository } from './notifications.person.repository.js';
import { smsCodesRepository } from './notifications.system.repository.js';

const hashOf = (salt: string, code: string) => sha256(`${salt}:${code}`);
const phoneOf = (phone: string) => normalizePhone(phone) ?? phone.trim();

function codeText(lang: 'zh' | 'en', code: string): string {
  const minutes = SMS_CODE_TTL_SECONDS / 60;
  return lang === 'zh'
    ? `您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉他人。`
    : `Your verification code is ${code}. It is valid for ${minutes} minutes; do not share it.`;
}

/** Whether the company has SMS switched on (then "came before" at the kiosk needs a code). */
export async function smsSwitchedOn(scope: TenantScope): Promise<boolean> {
  return (await companyChannels(scope, ['sms'])).problems.sms !== 'smsOff';
}

/**
 * Sends a 6-digit code to `phone` by the company's SMS, now (the caller waits): 53 SMS off, 43 no quota, 52 a code
 * less than a minute ago or too many this hour, 22 with the provider's reason. The code is kept only as a salted hash;
 * the delivery record keeps the message with the code masked.
 */
export async function sendCode(ctx: CallContext, companyId: number, phoneIn: string, purpose: SmsCodePurpose) {
  const codes = smsCodesRepository(ctx.system);
  const phone = phoneOf(phoneIn);
  await ctx.services.notifier.require(companyId, 'sms');
  const last = await codes.lastSentAt(phone);
  if (last && Date.now() - last.getTime() < SMS_CODE_RESEND_SECONDS * 1000)
    throw new AppError(Status.MESSAGE_ALREADY_SENT, 'A code was sent to this phone less than a minute ago; wait before asking again');
  if ((await codes.sentLastHour(phone)) >= SMS_CODE_PER_HOUR)
    throw new AppError(Status.MESSAGE_ALREADY_SENT, 'Too many codes for this phone in the last hour; try again later');

  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const salt = randomToken(12);
  const id = await codes.insert({
    companyId,
    phone,
    purpose,
    salt,
    codeHash: hashOf(salt, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
  });
  // The company named by the caller's session or by the invitation it resolved.
  const company = await companyRow(scopeForCompany(ctx.system, companyId));
  const lang = company?.lang === 'zh' ? 'zh' : 'en';
  const sent = await ctx.services.outbox.sendNow({
    companyId,
    channel: 'sms',
    to: phone,
    subject: lang === 'zh' ? '验证码' : 'Verification code',
    text: codeText(lang, code),
    // Template providers fill the code into the company's verification template.
    template: { kind: 'code', params: { code } },
  });
  // The record keeps what was sent, but not a code someone could still use.
  await ctx.services.outbox.redact(sent.id, codeText(lang, '******'), { kind: 'code', params: { code: '******' } });
  if (sent.state !== 'sent') {
    await codes.remove(id);
    throw new AppError(Status.SMS_SEND_FAILED, `The SMS was not sent: ${sent.error ?? 'unknown reason'}`);
  }
  return { expiresIn: SMS_CODE_TTL_SECONDS, resendIn: SMS_CODE_RESEND_SECONDS };
}

/**
 * Checks the latest code sent to `phone` for `purpose` (in `companyId` when given): 144 when there is none still valid
 * (expired, spent, or tried 5 times wrongly), 145 when wrong (the try counts). With `spend`, a right code is used up.
 */
export async function checkCode(
  scope: SystemScope,
  q: { companyId?: number; phone: string; purpose: SmsCodePurpose; code: string; spend: boolean },
): Promise<void> {
  const codes = smsCodesRepository(scope);
  const row = await codes.latest(phoneOf(q.phone), q.purpose, q.companyId);
  if (!row || row.spentAt || row.expiresAt.getTime() < Date.now() || row.attempts >= SMS_CODE_MAX_TRIES)
    throw new AppError(Status.SMS_CODE_EXPIRED, 'No valid code for this phone: ask for a new one');
  if (!safeEqual(row.codeHash, hashOf(row.salt, q.code.trim()))) {
    await codes.countTry(row.id);
    throw new AppError(Status.SMS_CODE_WRONG, 'The code is wrong');
  }
  if (!q.spend) return;
  if (!(await codes.spend(row.id))) throw new AppError(Status.SMS_CODE_EXPIRED, 'No valid code for this phone: ask for a new one');
}

/** An erasure's part: the codes sent to the person's phones. */
export function forgetSmsCodes(scope: TenantScope, keys: PersonKeys): Promise<number> {
  return notificationsPersonRepository(scope).forgetCodes(keys);
}

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
import { sealedInMessage } from '../../platform/messages/messages.js';
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

/** The latest code sent to the address for `purpose` against `code`: a wrong one counts a try; a right one is spent when asked. */
async function verifyCode(
  scope: SystemScope,
  q: { companyId?: number; address: string; purpose: SmsCodePurpose; code: string; spend: boolean },
): Promise<'ok' | 'none' | 'wrong'> {
  const codes = smsCodesRepository(scope);
  const row = await codes.latest(q.address, q.purpose, q.companyId);
  if (!row || row.spentAt || row.expiresAt.getTime() < Date.now() || row.attempts >= SMS_CODE_MAX_TRIES) return 'none';
  if (!safeEqual(row.codeHash, hashOf(row.salt, q.code.trim()))) {
    await codes.countTry(row.id);
    return 'wrong';
  }
  if (q.spend && !(await codes.spend(row.id))) return 'none';
  return 'ok';
}

/**
 * Checks the latest code sent to `phone` for `purpose` (in `companyId` when given): 144 when there is none still valid
 * (expired, spent, or tried 5 times wrongly), 145 when wrong (the try counts). With `spend`, a right code is used up.
 */
export async function checkCode(
  scope: SystemScope,
  q: { companyId?: number; phone: string; purpose: SmsCodePurpose; code: string; spend: boolean },
): Promise<void> {
  const { phone, ...rest } = q;
  const outcome = await verifyCode(scope, { ...rest, address: phoneOf(phone) });
  if (outcome === 'none') throw new AppError(Status.SMS_CODE_EXPIRED, 'No valid code for this phone: ask for a new one');
  if (outcome === 'wrong') throw new AppError(Status.SMS_CODE_WRONG, 'The code is wrong');
}

const privacyCodeText = (lang: 'zh' | 'en', code: string) =>
  lang === 'zh'
    ? `您查看个人数据的验证码是 ${code}，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效。如非本人操作，请忽略。`
    : `Your code to see your personal data is ${code}. It is valid for ${SMS_CODE_TTL_SECONDS / 60} minutes; if you did not ask for it, ignore this message.`;

/**
 * A code for a page that must tell a stranger nothing (the visitor's privacy page), to a phone by SMS or to an e-mail
 * address: queued, not waited for, so the answer takes about as long whether a code goes or not; over the limits nothing is
 * sent and nothing said. The delivery record holds the code sealed (opened only as it is sent), the table its hash.
 */
export async function queueQuietCode(
  ctx: CallContext,
  companyId: number,
  to: { channel: 'sms' | 'email'; address: string },
  purpose: SmsCodePurpose,
  lang: 'zh' | 'en',
): Promise<void> {
  const codes = smsCodesRepository(ctx.system);
  const address = addressOf(to);
  const last = await codes.lastSentAt(address);
  if (last && Date.now() - last.getTime() < SMS_CODE_RESEND_SECONDS * 1000) return;
  if ((await codes.sentLastHour(address)) >= SMS_CODE_PER_HOUR) return;
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const salt = randomToken(12);
  await codes.insert({
    companyId,
    phone: address,
    purpose,
    salt,
    codeHash: hashOf(salt, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
  });
  const sealed = sealedInMessage(ctx.services.secrets, code);
  const text = privacyCodeText(lang, sealed);
  await ctx.services.notifier.tell(
    companyId,
    { channel: to.channel, to: address },
    {
      subject: lang === 'zh' ? '验证码' : 'Your verification code',
      text,
      html: `<p>${privacyCodeText(lang, `<strong style="font-size:20px;letter-spacing:2px">${sealed}</strong>`)}</p>`,
      sms: { kind: 'code', params: { code: sealed } },
    },
  );
}

/** A quiet code's check (spent when right): any failure is 145, so it never tells whether a code was sent. */
export async function checkQuietCode(
  scope: SystemScope,
  q: { companyId: number; channel: 'sms' | 'email'; address: string; purpose: SmsCodePurpose; code: string },
): Promise<void> {
  const outcome = await verifyCode(scope, { companyId: q.companyId, address: addressOf(q), purpose: q.purpose, code: q.code, spend: true });
  if (outcome !== 'ok') throw new AppError(Status.SMS_CODE_WRONG, 'The code is wrong or no longer valid: ask for a new one');
}

/** The table's address column holds a phone normalised, or an e-mail address in lower case. */
const addressOf = (to: { channel: 'sms' | 'email'; address: string }) =>
  to.channel === 'sms' ? phoneOf(to.address) : to.address.trim().toLowerCase();

/** An erasure's part: the codes sent to the person's phones. */
export function forgetSmsCodes(scope: TenantScope, keys: PersonKeys): Promise<number> {
  return notificationsPersonRepository(scope).forgetCodes(keys);
}

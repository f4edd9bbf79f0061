import { z } from 'zod';
import { defineCall, ok } from '../call.js';
import { Status } from '../errors.js';
import { zPhone } from '../fieldSchemas.js';
import { Role } from '../lookups.js';

const userid = z.int32().optional();

// ---------------------------------------------------------------------------------------------
// SMS verification codes
// ---------------------------------------------------------------------------------------------

/** A code lives 5 minutes; a phone gets at most one a minute and SMS_CODE_PER_HOUR an hour; 5 wrong tries spend it. */
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_RESEND_SECONDS = 60;
export const SMS_CODE_PER_HOUR = 5;
export const SMS_CODE_MAX_TRIES = 5;
/**
 * What a code proves: a visitor at the kiosk asking for their last visit ("came before"), a phone in general, or (never
 * checked by checkSmsCode, whose two answers would tell a stranger whether one was sent) a visitor's privacy page.
 */
export const SMS_CODE_PURPOSES = ['returning', 'verify', 'invitation', 'privacy'] as const;
export const zSmsCodePurpose = z.enum(SMS_CODE_PURPOSES);
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];
export const zSmsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'format');

export const smsCodeSent = z.object({ expiresIn: z.int32(), resendIn: z.int32() });

export const SMS_CODE_NOTE =
  '53 when the company has SMS switched off, 43 when its quota is used up, 22 when the provider fails (with its reason), 52 when this phone had a code less than a minute ago or 5 in the last hour';

export const sendSmsCode = defineCall({
  name: 'sendSmsCode',
  area: 'notifications',
  module: 'notifications',
  summary: `Send a 6-digit verification code to a phone by the company's SMS (valid 5 minutes, stored hashed): ${SMS_CODE_NOTE}`,
  access: [Role.ADMIN, Role.SUBADMIN, Role.GATE, Role.MACHINE],
  statuses: [
    Status.EMAIL_NOTICE_OFF,
    Status.INVALID_CHANNEL,
    Status.MESSAGE_ALREADY_SENT,
    Status.SMS_QUOTA_EXCEEDED,
    Status.SMS_SEND_FAILED,
    Status.SMS_SWITCH_OFF,
  ],
  rate: 'lookup',
  input: z.object({ userid, phone: zPhone, purpose: z.enum(['returning', 'verify']).default('verify') }),
  output: smsCodeSent,
});

export const checkSmsCode = defineCall({
  name: 'checkSmsCode',
  area: 'notifications',
  module: 'notifications',
  summary:
    'Check a verification code for a phone without spending it (the call it unlocks spends it): 144 when none is valid (expired, spent, or 5 wrong tries), 145 when wrong',
  access: 'public',
  statuses: [Status.SMS_CODE_EXPIRED, Status.SMS_CODE_WRONG],
  rate: 'lookup',
  input: z.object({ phone: zPhone, code: zSmsCode, purpose: z.enum(['returning', 'verify', 'invitation']).default('verify') }),
  output: ok,
});

export const smsCodeCalls = [sendSmsCode, checkSmsCode] as const;

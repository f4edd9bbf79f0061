import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { zPhone } from '../fieldSchemas.js';
import { SMS_CODE_NOTE, smsCodeSent } from './notifications.smsCodes.js';

export const sendPicSmsCode = defineCall({
  name: 'sendPicSmsCode',
  area: 'notifications',
  module: 'invitations',
  summary: `From the visitor's invitation page (secid, the link's token): send a verification code to a phone by the inviting company's SMS, after a verified captcha (digest, 119 otherwise): ${SMS_CODE_NOTE}; 1117 for an unknown invitation`,
  access: 'public',
  statuses: [
    Status.CAPTCHA_INVALID,
    Status.EMAIL_NOTICE_OFF,
    Status.INVALID_CHANNEL,
    Status.INVALID_VISITOR,
    Status.MESSAGE_ALREADY_SENT,
    Status.SMS_QUOTA_EXCEEDED,
    Status.SMS_SEND_FAILED,
    Status.SMS_SWITCH_OFF,
  ],
  rate: 'recovery',
  input: z.object({
    phone: zPhone,
    digest: z.string().trim().min(1).max(64).describe('a captcha digest verified by validationCode'),
    secid: z.string().trim().min(1).max(200),
  }),
  output: smsCodeSent,
});

export const invitationSmsCodeCalls = [sendPicSmsCode] as const;

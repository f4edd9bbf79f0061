import { type In, normalizePhone } from '@openvisit/contract';
import type { CallContext } from '../../platform/http/calls.js';
import { badParams } from '../../platform/http/errors.js';
import { spendCaptcha } from '../../platform/identity/captcha.js';
import { sendCode } from '../notifications/notifications.public.js';
import * as invitations from './invitations.page.js';

/*
 * Here, not in notifications, because it reads the invitation: notifications sits under invitations (the visits
 * modules use the codes for the kiosk's "came before"), so it must not import them back.
 */

const phoneOf = (phone: string) => normalizePhone(phone) ?? phone.trim();

/** From the visitor's invitation page: a verified captcha, a live invitation, and only the invited phone. */
export async function sendCodeFromInvitation(ctx: CallContext, input: In<'sendPicSmsCode'>) {
  await spendCaptcha(ctx.system, input.digest);
  // Answers 'invalid visitor' for an unknown link or one that is not an invitation.
  const visit = await invitations.byToken(ctx, input.secid);
  if (phoneOf(visit.phone) !== phoneOf(input.phone)) throw badParams([{ field: 'phone', rule: 'notInvited' }]);
  return sendCode(ctx, visit.companyId, input.phone, 'invitation');
}

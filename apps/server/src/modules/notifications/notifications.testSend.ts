import type { AuthedContext } from '../../platform/http/calls.js';
import { type ChannelSender, type OutgoingMessage, PermanentFailure } from '../../platform/messages/messages.js';
import { ProviderRefusal } from './notifications.cloudSms.js';
import { type NotifyConfigRow, secretOf } from './notifications.repository.js';

/* What the channels' "send a test" buttons share (SMS, WeChat): the secret to use and one recorded send. */

type Sent = { problem: null | 'noTemplate' | 'refused' | 'unreachable'; code: string; detail: string };

/** The form's secret, else the stored one; null when the stored one cannot be opened with this server's key. */
export function testSecret(ctx: AuthedContext, given: string | undefined, row: NotifyConfigRow | undefined, what: string): string | null {
  if (given) return given;
  try {
    return secretOf(ctx.services.secrets, row, what);
  } catch (err) {
    if (err instanceof PermanentFailure) return null;
    throw err;
  }
}

/** One message sent now and recorded as every delivery is: sent, refused (the provider's code and words) or unreachable. */
export async function sendTest(ctx: AuthedContext, message: OutgoingMessage, send: ChannelSender): Promise<Sent> {
  let failure: unknown;
  const sent = await ctx.services.outbox.sendNow(message, async (m) => {
    try {
      await send(m);
    } catch (err) {
      failure = err;
      throw err;
    }
  });
  if (sent.state === 'sent') return { problem: null, code: '', detail: '' };
  if (!(failure instanceof ProviderRefusal)) return { problem: 'unreachable', code: '', detail: '' };
  return failure.code === 'NoTemplate'
    ? { problem: 'noTemplate', code: '', detail: '' }
    : { problem: 'refused', code: failure.code, detail: failure.detail };
}

import type { MessageChannel, MessageRecord, MessageState } from '@openvisit/contract';
import { dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notifyRepository } from './notifications.repository.js';

/** A day's start in server time (yyyy-MM-dd), as the other day filters read them. */
/** The company's delivery records, newest first. */
export async function sendRecords(
  ctx: AuthedContext,
  input: {
    startIndex: number;
    requestedCount: number;
    channel?: MessageChannel;
    state?: MessageState;
    startDate?: string;
    endDate?: string;
    to?: string;
  },
) {
  const { rows, total } = await notifyRepository(ctx.tenant).records(
    {
      channel: input.channel,
      state: input.state,
      from: input.startDate ? dayStart(input.startDate) : undefined,
      to: input.endDate ? dayStart(input.endDate, 1) : undefined,
      recipient: input.to || undefined,
    },
    { offset: input.startIndex, limit: input.requestedCount },
  );
  const list: MessageRecord[] = rows.map((r) => ({
    id: r.id,
    channel: r.channel as MessageChannel,
    to: r.to,
    toName: r.toName,
    subject: r.subject,
    state: r.state as MessageState,
    error: r.error,
    attempts: r.attempts,
    vid: r.visitId,
    createTime: r.createdAt.getTime(),
    sentTime: r.sentAt?.getTime() ?? null,
  }));
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count: total, list };
}

import { type MeetingTimes, meetingCheckInWindow } from '@openvisit/contract';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { type MeetingTimesRow, meetingTimesRepository } from './meetingTimes.repository.js';

/** A meeting's times as the contract's status and window rules take them. */
export function timesOf(m: MeetingTimesRow): MeetingTimes {
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    startTime: m.startAt.getTime(),
    endTime: m.endAt.getTime(),
    startedAt: ms(m.startedAt),
    endedAt: ms(m.endedAt),
    cancelledAt: ms(m.cancelledAt),
  };
}

/**
 * The check-in window of an invitation to a meeting (the meeting's, not the invitation's own time plus the extend
 * times), with what the invitation page shows of the meeting. Used by the kiosk's check-in and the invitation page,
 * which reach meetings only through this.
 */
export async function meetingWindow(scope: TenantScope, meetingId: number, preExtendMinutes: number) {
  const m = await meetingTimesRepository(scope).byId(meetingId);
  if (!m) return null;
  const times = timesOf(m);
  return {
    ...meetingCheckInWindow(times, preExtendMinutes),
    meeting: { subject: m.subject, address: m.address, startTime: times.startTime, endTime: times.endTime },
  };
}

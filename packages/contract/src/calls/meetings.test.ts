import { describe, expect, it } from 'vitest';
import { MeetingStatus } from '../lookups.js';
import { addMeeting, meetingCheckInWindow, meetingStatusOf, meetingTimeFailures } from './meetings.js';

const H = 3600_000;
const NOW = Date.UTC(2026, 4, 4, 9, 0);
const plain = { startTime: NOW + H, endTime: NOW + 2 * H, startedAt: null, endedAt: null, cancelledAt: null };

describe('meeting status', () => {
  it('is derived from the times, an explicit start or end, and cancellation, in that precedence', () => {
    expect(meetingStatusOf(plain, NOW)).toBe(MeetingStatus.NOT_STARTED);
    expect(meetingStatusOf(plain, NOW + H)).toBe(MeetingStatus.IN_PROGRESS);
    expect(meetingStatusOf(plain, NOW + 2 * H)).toBe(MeetingStatus.ENDED);
    expect(meetingStatusOf({ ...plain, startedAt: NOW - 1 }, NOW)).toBe(MeetingStatus.IN_PROGRESS);
    expect(meetingStatusOf({ ...plain, startedAt: NOW - 2, endedAt: NOW - 1 }, NOW)).toBe(MeetingStatus.ENDED);
    expect(meetingStatusOf({ ...plain, cancelledAt: NOW - 1 }, NOW + 3 * H)).toBe(MeetingStatus.CANCELLED);
  });

  it('opens check-in the early margin before the start (or an earlier explicit start) and closes it at the end', () => {
    expect(meetingCheckInWindow(plain, 30)).toEqual({ opensAt: NOW + H - 30 * 60_000, closesAt: NOW + 2 * H });
    expect(meetingCheckInWindow({ ...plain, startedAt: NOW }, 30)).toEqual({ opensAt: NOW - 30 * 60_000, closesAt: NOW + 2 * H });
    // Started late: the window still opened before the planned start. Ended early: it closes then.
    expect(meetingCheckInWindow({ ...plain, startedAt: NOW + 1.5 * H, endedAt: NOW + 1.75 * H }, 0)).toEqual({
      opensAt: NOW + H,
      closesAt: NOW + 1.75 * H,
    });
  });

  it('names what is wrong with the times', () => {
    expect(meetingTimeFailures(NOW + H, NOW + 2 * H, NOW)).toEqual([]);
    expect(meetingTimeFailures(NOW - H, NOW + H, NOW)).toEqual([{ field: 'startTime', rule: 'past' }]);
    expect(meetingTimeFailures(NOW + H, NOW + H, NOW)).toEqual([{ field: 'endTime', rule: 'beforeStart' }]);
    expect(meetingTimeFailures(NOW + 29 * 24 * H, NOW + 31 * 24 * H, NOW)).toEqual([{ field: 'endTime', rule: 'tooFar' }]);
  });

  it('needs at least one visitor, each with a phone or an email', () => {
    const base = { subject: 'Review', empid: 1, startTime: Date.now() + H, endTime: Date.now() + 2 * H };
    const issues = (visitors: unknown) => addMeeting.input.safeParse({ ...base, visitors }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([])).toEqual([['visitors', 'atLeastOne']]);
    expect(issues([{ name: 'Ann' }])).toEqual([['visitors.0.phone', 'phoneOrEmail']]);
    expect(issues([{ name: 'Ann', email: 'ann@example.com' }])).toBeUndefined();
  });
});

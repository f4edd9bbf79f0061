import { Status } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { type PassLimits, type PassUsage, type ScheduleRule, withinLimits, withinSchedule } from './passTimes.js';

const TZ = 'Asia/Shanghai';
/** A wall-clock time in Shanghai (UTC+8, no summer time) as a moment. */
const at = (local: string) => new Date(`${local}:00+08:00`);

const weekdays = ['08:00-12:00', '13:00-18:00'];
const rule: ScheduleRule = {
  startDate: '',
  endDate: '',
  // Monday … Friday two slots, Saturday a morning, Sunday none.
  week: [weekdays, weekdays, weekdays, weekdays, weekdays, ['09:00-11:00'], []],
  hol: ['10:00-16:00'],
  holMode: 0,
  daysOff: ['09:00-17:00'],
  daysOffMode: 0,
};
// 2026-11-23 is a Monday; 2026-11-25 (Wednesday) a day off; 2026-11-29 (Sunday) a make-up working day.
const holidays = [
  { day: '2026-11-25', kind: 1 },
  { day: '2026-11-29', kind: 2 },
];

const OK = { ok: true };
const TIME = { ok: false, status: Status.OUTSIDE_PASS_TIME };
const VALIDITY = { ok: false, status: Status.OUTSIDE_VALIDITY };

describe('withinSchedule', () => {
  const cases: [string, Partial<ScheduleRule>, string, object][] = [
    ['Monday inside the morning slot', {}, '2026-11-23T09:30', OK],
    ['start minute included', {}, '2026-11-23T08:00', OK],
    ['the minute before the start', {}, '2026-11-23T07:59', TIME],
    ['end minute excluded', {}, '2026-11-23T12:00', TIME],
    ['the last minute of a slot', {}, '2026-11-23T11:59', OK],
    ['between two slots', {}, '2026-11-23T12:30', TIME],
    ['the second slot', {}, '2026-11-23T17:59', OK],
    ['Tuesday follows its own slots', {}, '2026-11-24T13:00', OK],
    ['Saturday has a shorter day', {}, '2026-11-28T12:00', TIME],
    ['Saturday morning', {}, '2026-11-28T10:59', OK],
    ['a day with no slots (Sunday, no holiday)', {}, '2026-11-22T10:00', TIME],
    ['a holiday on a weekday, closed', {}, '2026-11-25T09:30', TIME],
    ['a holiday with holiday slots', { holMode: 1 }, '2026-11-25T15:00', OK],
    ['a holiday with holiday slots, outside them', { holMode: 1 }, '2026-11-25T09:30', TIME],
    ['a holiday treated as its weekday', { holMode: 2 }, '2026-11-25T09:30', OK],
    ['a make-up working day on a Sunday keeps Sunday (no slots)', {}, '2026-11-29T10:00', TIME],
    ['a make-up working day with its own slots', { daysOffMode: 1 }, '2026-11-29T10:00', OK],
    ['a make-up working day with its own slots, after them', { daysOffMode: 1 }, '2026-11-29T17:00', TIME],
    ['first day of the range included', { startDate: '2026-11-23' }, '2026-11-23T08:00', OK],
    ['the day before the range', { startDate: '2026-11-24' }, '2026-11-23T09:00', VALIDITY],
    ['last day of the range included', { endDate: '2026-11-23' }, '2026-11-23T17:59', OK],
    ['the day after the range', { endDate: '2026-11-22' }, '2026-11-23T09:00', VALIDITY],
    ['a slot ending at midnight', { week: [['20:00-24:00'], [], [], [], [], [], []] }, '2026-11-23T23:59', OK],
  ];
  it.each(cases)('%s', (_name, patch, local, expected) => {
    expect(withinSchedule({ ...rule, ...patch }, holidays, at(local), TZ)).toMatchObject(expected);
  });

  it('reads the day in the given zone: Monday 09:30 in Shanghai is Monday 01:30 in UTC, outside the slots', () => {
    expect(withinSchedule(rule, [], at('2026-11-23T09:30'), TZ)).toEqual({ ok: true });
    expect(withinSchedule(rule, [], at('2026-11-23T09:30'), 'UTC')).toEqual({ ok: false, status: Status.OUTSIDE_PASS_TIME, why: 'noSlot' });
    // 07:30 Tuesday in Shanghai is still Monday 23:30 in UTC: the range's last day holds in UTC only.
    expect(withinSchedule({ ...rule, endDate: '2026-11-23', week: Array(7).fill(['00:00-24:00']) }, [], at('2026-11-24T07:30'), 'UTC').ok).toBe(true);
    expect(withinSchedule({ ...rule, endDate: '2026-11-23' }, [], at('2026-11-24T07:30'), TZ)).toMatchObject({ why: 'afterEnd' });
  });

  it('takes the holidays as a map too, and names why it refused', () => {
    expect(withinSchedule(rule, new Map([['2026-11-25', 1]]), at('2026-11-25T09:30'), TZ)).toEqual({
      ok: false,
      status: Status.OUTSIDE_PASS_TIME,
      why: 'holidayClosed',
    });
  });
});

describe('withinLimits', () => {
  const unused: PassUsage = { usesToday: 0, usesTotal: 0, firstUseAt: null };
  const none: PassLimits = { maxDays: 0, maxUses: 0, entryMode: 'multiple' };
  const now = at('2026-11-25T10:00');
  const cases: [string, Partial<PassUsage>, Partial<PassLimits>, object][] = [
    ['no limits, many uses', { usesToday: 9, usesTotal: 99, firstUseAt: at('2020-01-01T10:00') }, {}, OK],
    ['first use under every limit', {}, { maxDays: 1, maxUses: 1, entryMode: 'single' }, OK],
    ['uses below the maximum', { usesTotal: 2 }, { maxUses: 3 }, OK],
    ['the maximum reached', { usesTotal: 3 }, { maxUses: 3 }, { ok: false, status: Status.PASS_LIMIT_EXCEEDED, why: 'maxUses' }],
    ['one day valid: the day of the first use', { usesTotal: 1, firstUseAt: at('2026-11-25T00:00') }, { maxDays: 1 }, OK],
    ['one day valid: the next day', { usesTotal: 1, firstUseAt: at('2026-11-24T23:59') }, { maxDays: 1 }, { ...VALIDITY, why: 'maxDays' }],
    ['three days valid: the third day', { usesTotal: 1, firstUseAt: at('2026-11-23T18:00') }, { maxDays: 3 }, OK],
    ['three days valid: the fourth day', { usesTotal: 1, firstUseAt: at('2026-11-22T18:00') }, { maxDays: 3 }, VALIDITY],
    ['single entry: the first of the day', { usesTotal: 4 }, { entryMode: 'single' }, OK],
    [
      'single entry: the second of the day',
      { usesToday: 1, usesTotal: 4 },
      { entryMode: 'single' },
      { why: 'singleEntry', status: Status.PASS_LIMIT_EXCEEDED },
    ],
    ['multiple entries a day', { usesToday: 5, usesTotal: 5 }, { entryMode: 'multiple' }, OK],
  ];
  it.each(cases)('%s', (_name, usage, limits, expected) => {
    expect(withinLimits({ ...unused, ...usage }, { ...none, ...limits }, now, TZ)).toMatchObject(expected);
  });

  it('counts calendar days in the given zone', () => {
    // First use 23:30 UTC on the 24th is 07:30 on the 25th in Shanghai: the same day as `now` there, the day before in UTC.
    const usage = { usesToday: 1, usesTotal: 1, firstUseAt: new Date('2026-11-24T23:30:00Z') };
    expect(withinLimits(usage, { ...none, maxDays: 1 }, now, TZ).ok).toBe(true);
    expect(withinLimits(usage, { ...none, maxDays: 1 }, new Date('2026-11-25T02:00:00Z'), 'UTC').ok).toBe(false);
  });
});

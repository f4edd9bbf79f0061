import { describe, expect, it } from 'vitest';
import { addPassRule, checkSlots, isCalendarDay, slotMinutes } from './passRules.js';

describe('time slots', () => {
  it('parses HH:mm-HH:mm with 24:00 as an end only', () => {
    expect(slotMinutes('08:00-12:30')).toEqual({ from: 480, to: 750 });
    expect(slotMinutes('20:00-24:00')).toEqual({ from: 1200, to: 1440 });
    for (const bad of ['24:00-24:00', '8:00-12:00', '08:00-12:60', '08:00 - 12:00', '']) expect(slotMinutes(bad), bad).toBeNull();
  });

  it('refuses a reversed or empty slot, an overlap, too many; touching slots are fine', () => {
    expect(checkSlots(['08:00-12:00', '12:00-13:00'])).toEqual([]);
    expect(checkSlots(['12:00-12:00'])).toEqual([{ index: 0, rule: 'slotOrder' }]);
    expect(checkSlots(['13:00-18:00', '08:00-13:01'])).toEqual([{ index: 1, rule: 'overlap' }]);
    expect(checkSlots(['08:00-18:00', '09:00-10:00', 'x'])).toEqual([
      { index: 1, rule: 'overlap' },
      { index: 2, rule: 'format' },
    ]);
    expect(checkSlots(Array.from({ length: 7 }, (_, i) => `1${i}:00-1${i}:30`))).toEqual([{ index: null, rule: 'tooMany' }]);
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
  });

  it('puts slot failures on the day and index, a reversed range on endDate', () => {
    const r = addPassRule.input.safeParse({ rname: 'x', tue: ['09:00-08:00'], startDate: '2026-01-02', endDate: '2026-01-01' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['tue.0', 'slotOrder'],
      ['endDate', 'beforeStart'],
    ]);
  });
});

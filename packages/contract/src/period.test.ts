import { describe, expect, it } from 'vitest';
import { reportPeriod } from './fieldSchemas.js';
import { dayNumber, periodLength, REPORT_PERIOD_MAX_DAYS } from './period.js';

const rules = (input: unknown) => {
  const r = reportPeriod.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('report period', () => {
  it('takes real calendar days only', () => {
    expect(dayNumber('2026-02-28')).toBe(Date.UTC(2026, 1, 28) / 86_400_000);
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2024-02-29')).not.toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(dayNumber('2026-1-01')).toBeNull();
    expect(rules({ startDate: '2026-02-30', endDate: '2026-03-01' })).toEqual(['startDate:format']);
  });

  it('refuses a reversed period and one over the limit, and takes both ends', () => {
    expect(rules({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual(['endDate:beforeStart']);
    expect(rules({ startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual([]);
    expect(periodLength('2026-03-01', '2026-03-01')).toBe(1);
    // 2025-01-01 … 2026-01-01 is 366 days (both ends), the longest allowed; a day more is refused.
    expect(periodLength('2025-01-01', '2026-01-01')).toBe(REPORT_PERIOD_MAX_DAYS);
    expect(rules({ startDate: '2025-01-01', endDate: '2026-01-01' })).toEqual([]);
    expect(rules({ startDate: '2025-01-01', endDate: '2026-01-02' })).toEqual(['endDate:periodTooLong']);
  });
});

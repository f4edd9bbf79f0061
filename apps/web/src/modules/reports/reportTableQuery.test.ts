import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { exportInput, paramsFromReportFilters, periodProblem, reportFiltersFromParams, reportInput } from './reportTableQuery';

const today = dayjs('2026-03-10');
const read = (q: string) => reportFiltersFromParams(new URLSearchParams(q), today);

describe('visitor report URL', () => {
  it('defaults to the last 7 days grouped by day, and drops unreal days and unknown groupings', () => {
    expect(read('')).toMatchObject({ from: '2026-03-04', to: '2026-03-10', group: 'day', dept: undefined });
    expect(read('from=2026-02-30&to=2026-03-02&group=hour')).toMatchObject({ from: '2026-03-04', to: '2026-03-10', group: 'day' });
    expect(read('from=2026-03-05&to=2026-03-01')).toMatchObject({ from: '2026-03-01', to: '2026-03-05' });
  });

  it('round-trips the filters, department and grouping, and builds the same query for the call and the export', () => {
    const f = read('from=2026-03-01&to=2026-03-03&onSite=1&company=Acme&dept=7&group=none&page=2');
    expect(paramsFromReportFilters(f).toString()).toBe('from=2026-03-01&to=2026-03-03&company=Acme&onSite=1&page=2&dept=7&group=none');
    expect(reportInput(f)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      vcompany: 'Acme',
      onSite: true,
      deptid: 7,
      groupBy: 'none',
      startIndex: 20,
      requestedCount: 20,
    });
    expect(JSON.parse(JSON.stringify(exportInput(f, 'zh')))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      vcompany: 'Acme',
      onSite: 'true',
      deptid: 7,
      groupBy: 'none',
      lang: 'zh',
    });
  });

  it('finds a period over 366 days', () => {
    expect(periodProblem(read('from=2025-01-01&to=2026-01-01'))).toBeNull();
    expect(periodProblem(read('from=2025-01-01&to=2026-01-02'))).toBe('periodTooLong');
  });
});

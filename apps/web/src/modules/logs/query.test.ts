import { describe, expect, it } from 'vitest';
import { logFiltersFromParams, logInput, logParams } from './query';

describe('operation log filters in the URL', () => {
  it('reads known values and leaves out malformed ones', () => {
    const f = logFiltersFromParams(
      new URLSearchParams('name=%20Ada%20&role=0&module=6&end=1&event=add&from=2026-01-01&to=2026-01-31&page=3&size=50'),
    );
    expect(f).toEqual({ page: 3, size: 50, name: 'Ada', role: 0, module: 6, end: 1, event: 'add', from: '2026-01-01', to: '2026-01-31' });
    expect(logInput(f)).toEqual({
      startIndex: 100,
      requestedCount: 50,
      optName: 'Ada',
      optRole: 0,
      optModule: 6,
      optClient: 1,
      optEvent: 'add',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    const bad = logFiltersFromParams(new URLSearchParams('role=99&module=x&end=-1&event=hack&from=2026-02-30&to=yesterday&page=0&size=7'));
    expect(bad).toEqual({ page: 1, size: 20, name: '' });
  });

  it('puts a reversed range right', () => {
    expect(logFiltersFromParams(new URLSearchParams('from=2026-03-10&to=2026-03-01'))).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('writes only what differs from the defaults, back to page 1 when the filters change', () => {
    const f = logFiltersFromParams(new URLSearchParams('module=6&page=4'));
    expect(logParams(f, { page: 5 }).toString()).toBe('module=6&page=5');
    expect(logParams(f, { event: 'delete' }).toString()).toBe('module=6&event=delete');
    expect(logParams(f, { module: undefined }).toString()).toBe('');
    expect(logParams(f, { from: '2026-01-01', to: '2026-01-02' }).toString()).toBe('module=6&from=2026-01-01&to=2026-01-02');
  });
});

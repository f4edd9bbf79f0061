import { describe, expect, it } from 'vitest';
import { changeFilters, DEFAULT_FILTERS, type EmpFilters, filtersFromParams, isFiltered, listInput, paramsFromFilters } from './query';

const q = (s: string) => new URLSearchParams(s);

describe('employee list filters ⇄ URL query', () => {
  it('reads defaults from an empty query and writes an empty query for the defaults', () => {
    expect(filtersFromParams(q(''))).toEqual(DEFAULT_FILTERS);
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads every filter', () => {
    expect(filtersFromParams(q('page=3&size=50&q=%20Li%20&status=1&dept=7&sort=empName&order=asc'))).toEqual({
      page: 3,
      size: 50,
      q: 'Li',
      status: 1,
      dept: 7,
      sortBy: 'empName',
      sortOrder: 'asc',
    });
  });

  it('round-trips through the URL', () => {
    const cases: EmpFilters[] = [
      { ...DEFAULT_FILTERS, q: '王伟' },
      { ...DEFAULT_FILTERS, status: 0 },
      { ...DEFAULT_FILTERS, status: 2, dept: 12, page: 4, size: 100 },
      { ...DEFAULT_FILTERS, sortBy: 'empNo', sortOrder: 'desc' },
      { ...DEFAULT_FILTERS, sortBy: 'createTime', sortOrder: 'asc' },
    ];
    for (const f of cases) expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
  });

  it('ignores malformed values instead of failing', () => {
    expect(filtersFromParams(q('page=0&size=33&status=9&dept=-1&sort=password&order=sideways'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(q('page=abc&dept=1.5&status=&size=1e3'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(q(`q=${'x'.repeat(100)}`)).q).toHaveLength(64);
  });

  it('keeps query parameters that are not filters', () => {
    const out = paramsFromFilters({ ...DEFAULT_FILTERS, q: 'a' }, q('tab=2&q=old&page=9'));
    expect(out.get('tab')).toBe('2');
    expect(out.get('q')).toBe('a');
    expect(out.has('page')).toBe(false);
  });

  it('writes a sort only when it differs from the default, always with both parts', () => {
    expect(paramsFromFilters({ ...DEFAULT_FILTERS, sortOrder: 'asc' }).toString()).toBe('sort=createTime&order=asc');
    expect(paramsFromFilters({ ...DEFAULT_FILTERS, sortBy: 'empName' }).toString()).toBe('sort=empName&order=desc');
  });

  it('goes back to page 1 when what is shown changes, not when only the page does', () => {
    const on3: EmpFilters = { ...DEFAULT_FILTERS, page: 3 };
    expect(changeFilters(on3, { q: 'li' }).page).toBe(1);
    expect(changeFilters(on3, { status: 1 }).page).toBe(1);
    expect(changeFilters(on3, { dept: 4 }).page).toBe(1);
    expect(changeFilters(on3, { size: 50 }).page).toBe(1);
    expect(changeFilters(on3, { sortBy: 'empNo' }).page).toBe(1);
    expect(changeFilters(on3, { page: 5 }).page).toBe(5);
    // Setting a filter to the value it has already is not a change.
    expect(changeFilters(on3, { q: '' }).page).toBe(3);
  });

  it('clears a filter set to undefined', () => {
    const f = changeFilters({ ...DEFAULT_FILTERS, status: 1, dept: 2 }, { status: undefined, dept: undefined });
    expect('status' in f).toBe(false);
    expect('dept' in f).toBe(false);
    expect(isFiltered(f)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, dept: 2 })).toBe(true);
  });

  it('maps the filters to the getEmpListPages input', () => {
    expect(listInput(DEFAULT_FILTERS)).toEqual({ startIndex: 0, requestedCount: 20, sortBy: 'createTime', sortOrder: 'desc' });
    expect(listInput({ page: 3, size: 50, q: '138', status: 0, dept: 9, sortBy: 'empNo', sortOrder: 'asc' })).toEqual({
      startIndex: 100,
      requestedCount: 50,
      name: '138',
      status: 0,
      deptid: 9,
      sortBy: 'empNo',
      sortOrder: 'asc',
    });
  });
});

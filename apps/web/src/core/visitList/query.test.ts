import { describe, expect, it } from 'vitest';
import { isFiltered, pageInput, paramsFromVisitFilters, visitFiltersFromParams } from './query';

describe('visitor list filters in the URL', () => {
  it('keeps visitor type and gate by id, dropping malformed ones, and sends them to the search', () => {
    const f = visitFiltersFromParams(new URLSearchParams('tid=7&gid=3&kind=invite&from=2026-11-30&to=2026-11-01'));
    expect(f).toMatchObject({ tid: 7, gid: 3, kind: 'invite', from: '2026-11-01', to: '2026-11-30' });
    expect(isFiltered(f)).toBe(true);
    expect(paramsFromVisitFilters(f).toString()).toBe('from=2026-11-01&to=2026-11-30&kind=invite&tid=7&gid=3');
    expect(pageInput(f)).toMatchObject({ tid: 7, gid: 3, date: '2026-11-01', endDate: '2026-11-30', startIndex: 0 });
    const bad = visitFiltersFromParams(new URLSearchParams('tid=abc&gid=-2&kind=nope'));
    expect(bad.tid).toBeUndefined();
    expect(bad.gid).toBeUndefined();
    expect(bad.kind).toBeUndefined();
    expect(isFiltered(bad)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { deskActions, lookupFilter, tabInput } from './today';

describe('reception today', () => {
  it('looks up a certificate number exactly, a phone by its digits and anything else by name', () => {
    expect(lookupFilter('11010519491231002x')).toEqual({ cardId: '11010519491231002X' });
    expect(lookupFilter('110105491231002')).toEqual({ cardId: '110105491231002' });
    expect(lookupFilter('E12345678')).toEqual({ cardId: 'E12345678' });
    expect(lookupFilter('Ada')).toEqual({ name: 'Ada' });
    expect(lookupFilter(' 138-0013 8000 ')).toEqual({ phone: '13800138000' });
    expect(lookupFilter('+8613800138000')).toEqual({ phone: '+8613800138000' });
    expect(lookupFilter('张三')).toEqual({ name: '张三' });
    expect(lookupFilter('  ')).toEqual({});
  });

  it('asks each tab for its day, kind or status', () => {
    expect(tabInput('walkin', '2026-11-22', '', 1, 20)).toEqual({
      date: '2026-11-22',
      endDate: '2026-11-22',
      kind: 'walkin',
      startIndex: 0,
      requestedCount: 20,
    });
    expect(tabInput('invite', '2026-11-22', 'Ada', 2, 20)).toMatchObject({ kind: 'invite', name: 'Ada', startIndex: 20 });
    expect(tabInput('onSite', '2026-11-22', '', 1, 20)).toEqual({ onSite: true, startIndex: 0, requestedCount: 20 });
    expect(tabInput('cards', '2026-11-22', '', 1, 20)).toEqual({ onSite: true, noCard: true, startIndex: 0, requestedCount: 20 });
    expect(tabInput('signedOut', '2026-11-22', '', 1, 20)).toMatchObject({ status: 'signedOut', date: '2026-11-22' });
  });

  it('offers only the moves the state machine allows', () => {
    expect(deskActions({ status: 'reserved' })).toEqual(['checkIn', 'reject']);
    expect(deskActions({ status: 'unauthorized' })).toEqual(['approve', 'reject']);
    expect(deskActions({ status: 'authorized' })).toEqual(['checkIn']);
    expect(deskActions({ status: 'signedIn' })).toEqual(['signOut', 'badge', 'card']);
    expect(deskActions({ status: 'signedOut' })).toEqual([]);
  });
});

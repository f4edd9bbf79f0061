import { policyDraft } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { asksHeadCount, type Candidate, conditionHolds, type FactsView, firstMatch, stagesOf, stepOutcome } from './approvals.match.js';

const facts = (over: Partial<FactsView> = {}): FactsView => ({
  kind: 'invitation',
  tid: 3,
  gid: 7,
  subCompanyId: 0,
  hostDeptIds: [20, 2],
  stayHours: 2,
  companions: 0,
  onSite: 12,
  idType: 'idCard',
  watchlist: false,
  outsideHours: false,
  weekend: false,
  holiday: false,
  fields: { Nationality: 'DE' },
  ...over,
});

const policy = (pid: number, over: Partial<z.input<typeof policyDraft>> & { sub?: number | null; isDefault?: boolean } = {}): Candidate => {
  const { sub = null, isDefault = false, ...draft } = over;
  const steps = draft.steps ?? [{ approvers: [{ kind: 'host' }] }];
  return {
    pid,
    name: `p${pid}`,
    subCompanyId: sub,
    isDefault,
    enabled: draft.enabled ?? true,
    draft: policyDraft.parse({ name: `p${pid}`, ...draft, steps }),
  };
};

describe('policy matching', () => {
  const foreign = policy(1, { conditions: [{ field: 'custom', name: 'nationality', in: ['de', 'us'] }] });
  const nightTrucks = policy(2, {
    conditions: [
      { field: 'kind', in: ['truck'] },
      { field: 'time', is: 'outsideHours' },
    ],
  });
  const lab = policy(3, {
    conditions: [
      { field: 'hostDepartment', in: [2] },
      { field: 'gate', in: [7, 8], not: true },
    ],
  });
  const groups = policy(4, { conditions: [{ field: 'companions', atLeast: 5 }] });
  const tenants = policy(5, { sub: 9, conditions: [{ field: 'stay', atLeastHours: 8 }] });
  const off = policy(6, { enabled: false });
  const noLevels = policy(7, { steps: [] });
  const full = policy(8, { conditions: [{ field: 'onSite', atLeast: 300 }] });
  const fallback = policy(99, { isDefault: true, mode: 'desk', steps: [] });
  const all = [off, noLevels, foreign, nightTrucks, lab, groups, tenants, full, fallback];

  const table: [string, Partial<FactsView>, number][] = [
    ['a custom field, any case', {}, 1],
    ['another nationality falls through to the default', { fields: { Nationality: 'CN' } }, 99],
    ['a truck after hours', { kind: 'truck', outsideHours: true, fields: {} }, 2],
    ['a truck in hours is not', { kind: 'truck', fields: {} }, 99],
    ['a department above the host counts', { fields: {}, gid: 1 }, 3],
    ['"not" a gate', { fields: {}, gid: 8 }, 99],
    ['a group of five', { fields: {}, companions: 5 }, 4],
    ['a sub-company’s own policy first', { fields: { Nationality: 'DE' }, subCompanyId: 9, stayHours: 9 }, 5],
    ['another sub-company’s policy never', { fields: {}, subCompanyId: 8, stayHours: 9 }, 99],
    ['a site at its capacity', { fields: {}, onSite: 300 }, 8],
    ['one short of it is not', { fields: {}, onSite: 299 }, 99],
  ];
  for (const [what, over, pid] of table)
    it(what, () => {
      expect(firstMatch(all, facts(over)).policy?.pid).toBe(pid);
    });

  it('counts heads only when a switched-on policy asks', () => {
    expect(asksHeadCount(all)).toBe(true);
    expect(asksHeadCount([foreign, policy(9, { enabled: false, conditions: [{ field: 'onSite', atLeast: 1 }] })])).toBe(false);
  });

  it('says which condition failed for each policy passed over; switched-off and empty policies are not tried', () => {
    const { skipped } = firstMatch(all, facts({ kind: 'truck', fields: {}, gid: 8 }));
    expect(skipped).toEqual([
      { pid: 1, name: 'p1', failed: 0 },
      { pid: 2, name: 'p2', failed: 1 },
      { pid: 3, name: 'p3', failed: 1 },
      { pid: 4, name: 'p4', failed: 0 },
      { pid: 8, name: 'p8', failed: 0 },
    ]);
  });

  it('reads each condition kind', () => {
    const f = facts({ weekend: true, holiday: false, watchlist: true });
    expect(conditionHolds({ field: 'time', not: false, is: 'weekend' }, f)).toBe(true);
    expect(conditionHolds({ field: 'time', not: false, is: 'holiday' }, f)).toBe(false);
    expect(conditionHolds({ field: 'watchlist', not: false }, f)).toBe(true);
    expect(conditionHolds({ field: 'idType', not: false, in: ['passport'] }, f)).toBe(false);
    expect(conditionHolds({ field: 'visitType', not: false, in: [3] }, f)).toBe(true);
    expect(conditionHolds({ field: 'visitType', not: false, in: [3] }, facts({ tid: null }))).toBe(false);
    expect(conditionHolds({ field: 'subCompany', not: false, in: [0] }, f)).toBe(true);
    expect(conditionHolds({ field: 'custom', not: false, name: 'Plate', in: [] }, f)).toBe(false);
    expect(conditionHolds({ field: 'custom', not: false, name: 'nationality', in: [] }, f)).toBe(true);
  });
});

describe('steps and quorum', () => {
  it('a parallel step shares the stage of the step before it', () => {
    expect(stagesOf([{ parallel: true }, { parallel: false }, { parallel: true }, { parallel: true }, { parallel: false }])).toEqual([0, 1, 1, 1, 2]);
  });

  const any = { mode: 'any' as const, count: 1 };
  const all = { mode: 'all' as const, count: 1 };
  const twoOf = { mode: 'count' as const, count: 2 };
  const table: [string, { mode: 'any' | 'all' | 'count'; count: number }, ('approved' | 'refused' | 'waiting')[], string][] = [
    ['any: the first approval decides', any, ['waiting', 'approved', 'waiting'], 'approved'],
    ['any: the first refusal decides', any, ['refused', 'waiting', 'waiting'], 'refused'],
    ['any: nobody yet', any, ['waiting', 'waiting'], 'waiting'],
    ['all: one missing', all, ['approved', 'waiting'], 'waiting'],
    ['all: everyone', all, ['approved', 'approved'], 'approved'],
    ['all: one refusal', all, ['approved', 'refused'], 'refused'],
    ['2 of 3: one approval', twoOf, ['approved', 'waiting', 'waiting'], 'waiting'],
    ['2 of 3: one refusal still leaves two', twoOf, ['refused', 'waiting', 'waiting'], 'waiting'],
    ['2 of 3: two refusals cannot reach two', twoOf, ['refused', 'approved', 'refused'], 'refused'],
    ['2 of 3: two approvals', twoOf, ['approved', 'refused', 'approved'], 'approved'],
    ['2 of 1 seat counts the one seat', twoOf, ['approved'], 'approved'],
  ];
  for (const [what, quorum, seats, out] of table)
    it(what, () => {
      expect(stepOutcome(quorum, seats)).toBe(out);
    });
});

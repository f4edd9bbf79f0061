import { describe, expect, it } from 'vitest';
import { type Entitled, entitledGroups, type GroupFacts } from '../../core/entitlements/entitlements.js';

const g = (id: number, over: Partial<GroupFacts> = {}): GroupFacts => ({
  id,
  name: `group ${id}`,
  personKind: 0,
  defaultOn: false,
  gids: [],
  status: 0,
  ...over,
});

const groups: GroupFacts[] = [
  g(1), // everyone, explicit only
  g(2, { defaultOn: true }), // everyone, default-on
  g(3, { personKind: 1 }), // staff only
  g(4, { personKind: 2, defaultOn: true }), // visitors, default-on
  g(5, { personKind: 3 }), // special: explicit only
  g(6, { personKind: 3, defaultOn: true }), // special default-on: still explicit only
  g(7, { defaultOn: true, status: 1 }), // disabled
  g(8, { defaultOn: true, gids: [10] }), // default-on at gate 10
  g(9, { gids: [10, 11] }), // explicit, gates 10 and 11
  g(12, { personKind: 1, defaultOn: true }), // staff default-on: not for visitors
];

const visitor = (granted: number[], gid: number | null): Entitled => ({ kind: 'visitor', granted, gid });

describe('entitledGroups: who opens which groups', () => {
  it.each<[string, Entitled, number[]]>([
    ['a visitor with no grant: the default-on groups for everyone or visitors, of every gate', visitor([], null), [2, 4]],
    ['a visitor at gate 10 also gets that gate’s default-on group', visitor([], 10), [2, 4, 8]],
    ['explicit grants add groups, special ones included', visitor([1, 5], null), [1, 2, 4, 5]],
    ['a grant of a staff-only group does not open it for a visitor', visitor([3], null), [2, 4]],
    ['a gate-bound grant needs the visit’s gate', visitor([9], null), [2, 4]],
    ['… and opens at one of its gates', visitor([9], 11), [2, 4, 9]],
    ['… but not at another gate', visitor([9], 12), [2, 4]],
    ['a disabled group opens for nobody, granted or not', visitor([7], 10), [2, 4, 8]],
    ['a resident follows the visitors’ rule', { kind: 'resident', granted: [5], gid: null }, [2, 4, 5]],
    ['an employee: explicit grants only, at every gate', { kind: 'employee', granted: [1, 3, 5, 9] }, [1, 3, 5, 9]],
    ['an employee is never opened a visitor-only group, nor a disabled one', { kind: 'employee', granted: [4, 7] }, []],
    ['an employee without grants opens nothing, default-on or not', { kind: 'employee', granted: [] }, []],
  ])('%s', (_name, person, expected) => {
    expect(entitledGroups(person, groups)).toEqual(expected);
  });
});

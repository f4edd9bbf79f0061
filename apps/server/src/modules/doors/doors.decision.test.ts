import { describe, expect, it } from 'vitest';
import type { DoorStrategy } from '../../core/entitlements/entitlements.public.js';
import { type DoorFacts, decideDoor, decideEmployeeDoor, type EmployeeDoorFacts } from './doors.decision.js';

// Wednesday 25 November 2026, 10:00 UTC; every wall-clock reading in UTC.
const NOW = new Date(Date.UTC(2026, 10, 25, 10, 0));
const HOUR = 3_600_000;
const week = (slots: string[]) => [slots, slots, slots, slots, slots, slots, slots];
const schedule = (slots: string[], over: Partial<NonNullable<DoorStrategy['schedule']>> = {}) => ({
  startDate: '',
  endDate: '',
  week: week(slots),
  hol: [],
  holMode: 0,
  daysOff: [],
  daysOffMode: 0,
  ...over,
});
const strategy = (over: Partial<DoorStrategy> = {}): DoorStrategy => ({
  id: 1,
  forEmployees: false,
  forVisitors: true,
  tids: [],
  forResidents: false,
  egids: [],
  schedule: schedule(['09:00-12:00']),
  scheduleName: 'Office hours',
  maxDays: 0,
  maxUses: 0,
  entryMode: 'multiple',
  passWay: 'both',
  ...over,
});

const base: DoorFacts = {
  now: NOW,
  direction: 1,
  visit: { status: 'signedIn', permission: 1, tid: 4, resident: false },
  window: { from: NOW.getTime() - HOUR, until: NOW.getTime() + HOUR },
  passGroups: [10, 11],
  deviceGroups: [11, 12],
  strategies: [],
  gateWay: 'both',
  holidays: [],
  usage: { usesTotal: 0, usesToday: 0, firstUseAt: null },
  company: { qrMaxCount: 0, doorSignIn: false, cryptoperiod: 0 },
  slot: null,
  timeZone: 'UTC',
};

type Case = [string, Partial<DoorFacts>, ReturnType<typeof decideDoor>['ok'] extends boolean ? string : never];
const slot5 = Math.floor(NOW.getTime() / 300_000);

/** Each case: what differs from `base`, and the answer as `open <group> [signIn|signOut]` or `<status> <why>`. */
const cases: Case[] = [
  ['a signed-in visitor at a door of one of their groups', {}, 'open 11'],
  ['no group of the device is theirs', { deviceGroups: [12] }, '1111 noGroup'],
  ['a visit with no groups at all', { passGroups: [] }, '1111 noGroup'],
  // state
  ['refused', { visit: { ...base.visit, status: 'refused' } }, '1121 refused'],
  ['awaiting approval', { visit: { ...base.visit, status: 'unauthorized' } }, '1121 unauthorized'],
  ['an invitation accepted but not approved yet', { visit: { ...base.visit, status: 'accepted', permission: 0 } }, '1121 awaiting'],
  ['not signed in, the doors do not sign in', { visit: { ...base.visit, status: 'authorized' } }, '1125 notSignedIn'],
  [
    'not signed in, the doors sign in',
    { visit: { ...base.visit, status: 'accepted' }, company: { ...base.company, doorSignIn: true } },
    'open 11 signIn',
  ],
  ['signed out: no entry', { visit: { ...base.visit, status: 'signedOut' } }, '1126 signedOut'],
  ['expired: no entry', { visit: { ...base.visit, status: 'expired' } }, '1126 expired'],
  ['signed out: exit still opens', { visit: { ...base.visit, status: 'signedOut' }, direction: 2 }, 'open 11'],
  ['exit with door sign-in signs out', { direction: 2, company: { ...base.company, doorSignIn: true } }, 'open 11 signOut'],
  ['exit without door sign-in only opens', { direction: 2 }, 'open 11'],
  ['exit of a visitor not signed in opens, no move', { direction: 2, visit: { ...base.visit, status: 'reserved' } }, 'open 11'],
  ['exit still needs the group', { direction: 2, deviceGroups: [12] }, '1111 noGroup'],
  // window
  ['before the window', { window: { from: NOW.getTime() + 1, until: NOW.getTime() + HOUR } }, '1115 early'],
  ['after the window', { window: { from: NOW.getTime() - HOUR, until: NOW.getTime() - 1 } }, '1115 late'],
  ['on the window’s last millisecond', { window: { from: NOW.getTime() - HOUR, until: NOW.getTime() } }, 'open 11'],
  ['no window: any time', { window: null }, 'open 11'],
  ['exit after the window opens', { direction: 2, window: { from: 0, until: 1 } }, 'open 11'],
  // gate way, company count
  ['the gate takes faces only', { gateWay: 'face' }, '1120 gateFaceOnly'],
  [
    'the company’s qrMaxCount reached',
    { company: { ...base.company, qrMaxCount: 2 }, usage: { usesTotal: 2, usesToday: 0, firstUseAt: null } },
    '1114 qrMaxCount',
  ],
  ['one use left of qrMaxCount', { company: { ...base.company, qrMaxCount: 2 }, usage: { usesTotal: 1, usesToday: 1, firstUseAt: NOW } }, 'open 11'],
  // rotating codes
  ['rotation on, a still pass', { company: { ...base.company, cryptoperiod: 5 } }, '1128 stillPass'],
  ['rotation on, the current slot', { company: { ...base.company, cryptoperiod: 5 }, slot: slot5 }, 'open 11'],
  ['rotation on, the slot before', { company: { ...base.company, cryptoperiod: 5 }, slot: slot5 - 1 }, 'open 11'],
  ['rotation on, two slots old', { company: { ...base.company, cryptoperiod: 5 }, slot: slot5 - 2 }, '1128 oldSlot'],
  ['rotation off, a rotating pass is fine', { slot: slot5 - 100 }, 'open 11'],
  // strategies × slots × holidays × counts
  ['a strategy whose slot is open now', { strategies: [strategy()] }, 'open 11'],
  ['a strategy whose slots are closed now', { strategies: [strategy({ schedule: schedule(['13:00-17:00']) })] }, '1124 noSlot'],
  ['the slot ends at 10:00 (end exclusive)', { strategies: [strategy({ schedule: schedule(['08:00-10:00']) })] }, '1124 noSlot'],
  ['the slot starts at 10:00 (start inclusive)', { strategies: [strategy({ schedule: schedule(['10:00-11:00']) })] }, 'open 11'],
  ['a holiday the schedule keeps closed', { strategies: [strategy()], holidays: [{ day: '2026-11-25', kind: 1 }] }, '1124 holidayClosed'],
  [
    'a holiday open in its own slots',
    {
      strategies: [strategy({ schedule: schedule(['13:00-14:00'], { holMode: 1, hol: ['09:00-11:00'] }) })],
      holidays: [{ day: '2026-11-25', kind: 1 }],
    },
    'open 11',
  ],
  [
    'a schedule that ended yesterday',
    { strategies: [strategy({ schedule: schedule(['09:00-12:00'], { endDate: '2026-11-24' }) })] },
    '1115 afterEnd',
  ],
  [
    'a strategy’s maxUses reached',
    { strategies: [strategy({ maxUses: 3 })], usage: { usesTotal: 3, usesToday: 0, firstUseAt: NOW } },
    '1114 maxUses',
  ],
  [
    'single entry a day, used today',
    { strategies: [strategy({ entryMode: 'single' })], usage: { usesTotal: 1, usesToday: 1, firstUseAt: NOW } },
    '1114 singleEntry',
  ],
  [
    'maxDays 1, first used yesterday',
    { strategies: [strategy({ maxDays: 1 })], usage: { usesTotal: 1, usesToday: 0, firstUseAt: new Date(NOW.getTime() - 24 * HOUR) } },
    '1115 maxDays',
  ],
  ['a QR strategy that takes faces only', { strategies: [strategy({ passWay: 'face' })] }, '1120 strategyFaceOnly'],
  ['a strategy for other visitor types does not rule them', { strategies: [strategy({ tids: [5], schedule: schedule([]) })] }, 'open 11'],
  ['a strategy for their type rules them', { strategies: [strategy({ tids: [4], schedule: schedule([]) })] }, '1124 noSlot'],
  ['a strategy for other groups does not rule this door', { strategies: [strategy({ egids: [10], schedule: schedule([]) })] }, 'open 11'],
  [
    'a strategy for employees only does not rule visitors',
    { strategies: [strategy({ forVisitors: false, forEmployees: true, schedule: schedule([]) })] },
    'open 11',
  ],
  [
    'a resident is ruled by the residents’ strategies',
    { visit: { ...base.visit, resident: true }, strategies: [strategy({ forResidents: true, schedule: schedule([]) })] },
    '1124 noSlot',
  ],
  ['… not by the visitors’', { visit: { ...base.visit, resident: true }, strategies: [strategy({ schedule: schedule([]) })] }, 'open 11'],
  [
    'one of two strategies lets them through',
    { strategies: [strategy({ id: 1, schedule: schedule(['13:00-14:00']) }), strategy({ id: 2, schedule: schedule(['09:00-11:00']) })] },
    'open 11',
  ],
  [
    'none of two: the first refusal is told',
    {
      strategies: [strategy({ id: 1, schedule: schedule(['13:00-14:00']) }), strategy({ id: 2, maxUses: 1 })],
      usage: { usesTotal: 1, usesToday: 1, firstUseAt: NOW },
    },
    '1124 noSlot',
  ],
  [
    'a strategy without a schedule only limits',
    { strategies: [strategy({ schedule: undefined, maxUses: 1 })], usage: { usesTotal: 1, usesToday: 1, firstUseAt: NOW } },
    '1114 maxUses',
  ],
  ['exits ignore the strategies', { direction: 2, strategies: [strategy({ schedule: schedule([]) })] }, 'open 11'],
  ['the group a strategy opens is the one recorded', { deviceGroups: [10, 11], strategies: [strategy({ egids: [11] })] }, 'open 11'],
];

const show = (v: ReturnType<typeof decideDoor>) =>
  v.ok ? ['open', v.groupId, v.signIn ? 'signIn' : '', v.signOut ? 'signOut' : ''].filter(Boolean).join(' ') : `${v.status} ${v.why}`;

describe('decideDoor: the door’s decision on a visitor’s QR pass', () => {
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(show(decideDoor({ ...base, ...facts }))).toBe(expected);
  });

  it('names the schedule whose hours refused, and no schedule for other refusals', () => {
    expect(decideDoor({ ...base, strategies: [strategy({ schedule: schedule(['13:00-17:00']) })] })).toMatchObject({ schedule: 'Office hours' });
    const faceOnly = decideDoor({ ...base, strategies: [strategy({ passWay: 'face' })] });
    expect(faceOnly.ok).toBe(false);
    expect(faceOnly).not.toHaveProperty('schedule');
  });
});

const employeeBase: EmployeeDoorFacts = {
  now: NOW,
  today: '2026-11-25',
  direction: 1,
  employee: { status: 0, acEnabled: true, acStart: null, acEnd: null },
  passGroups: [10, 11],
  deviceGroups: [11, 12],
  strategies: [],
  holidays: [],
  timeZone: 'UTC',
};
const forStaff = (over: Partial<DoorStrategy> = {}) => strategy({ forEmployees: true, forVisitors: false, ...over });

const employeeCases: [string, Partial<EmployeeDoorFacts>, string][] = [
  ['an employee granted one of the device’s groups', {}, 'open 11'],
  ['none of the device’s groups is granted', { deviceGroups: [12] }, '1111 noGroup'],
  ['a disabled employee', { employee: { ...employeeBase.employee, status: 1 } }, '1129 employeeDisabled'],
  ['access switched off', { employee: { ...employeeBase.employee, acEnabled: false } }, '1129 accessOff'],
  ['access off: not even out', { direction: 2, employee: { ...employeeBase.employee, acEnabled: false } }, '1129 accessOff'],
  ['before their access dates', { employee: { ...employeeBase.employee, acStart: '2026-11-26' } }, '1115 notYet'],
  ['on the first and last day of them', { employee: { ...employeeBase.employee, acStart: '2026-11-25', acEnd: '2026-11-25' } }, 'open 11'],
  ['after them', { employee: { ...employeeBase.employee, acEnd: '2026-11-24' } }, '1113 accessEnded'],
  ['after them, going out', { direction: 2, employee: { ...employeeBase.employee, acEnd: '2026-11-24' } }, 'open 11'],
  ['a staff strategy inside its slots', { strategies: [forStaff()] }, 'open 11'],
  ['a staff strategy outside its slots', { strategies: [forStaff({ schedule: schedule(['13:00-14:00']) })] }, '1124 noSlot'],
  ['a staff strategy on another group does not rule here', { strategies: [forStaff({ egids: [10], schedule: schedule([]) })] }, 'open 11'],
  ['a visitors’ strategy does not rule employees', { strategies: [strategy({ schedule: schedule([]) })] }, 'open 11'],
  ['a staff strategy for faces only', { strategies: [forStaff({ passWay: 'face' })] }, '1120 strategyFaceOnly'],
  ['staff strategies carry no use limits', { strategies: [forStaff({ maxUses: 1, entryMode: 'single' })] }, 'open 11'],
  ['exits ignore the strategies', { direction: 2, strategies: [forStaff({ schedule: schedule([]) })] }, 'open 11'],
];

describe('decideEmployeeDoor: the door’s decision on an employee’s card', () => {
  it.each(employeeCases)('%s', (_name, facts, expected) => {
    expect(show(decideEmployeeDoor({ ...employeeBase, ...facts }))).toBe(expected);
  });
});

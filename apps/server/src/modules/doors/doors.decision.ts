import { Status } from '@openvisit/contract';
import { type DoorStrategy, type HolidayDay, type PassUsage, withinLimits, withinSchedule } from '../../core/entitlements/entitlements.public.js';

/**
 * The door's decision on a visitor's QR pass, as a pure function of what was read about it (no database, no clock):
 * the table of cases is doors.decision.test.ts. The order of the checks is the order a refusal is reported in:
 *
 * 1. a rotating code (company cryptoperiod): a still pass or an older slot than the one before → 1128;
 * 2. the visit's state: refused or still awaiting approval → 1121; on entry, a visit over (signed out, expired, called
 *    off) → 1126 (exit only), a visit not signed in → 1125 unless the company's doors sign visitors in;
 * 3. the groups: this device must be in a group the visit opens (devices.entitlements) → else 1111;
 * 4. on entry only (an exit is never refused for time or count: nobody is shut in): the visit's door window (1115),
 *    the gate's pass way (QR not accepted: 1120), the company's qrMaxCount (1114), and the strategies that rule this
 *    visitor at one of these groups: one of them must let the pass through now (its pass way 1120, its schedule
 *    1115/1124, its limits 1114/1115); none ruling them: the entitlement alone decides.
 */

export type DoorStatus =
  | typeof Status.DEVICE_NOT_ALLOWED
  | typeof Status.PASS_LIMIT_EXCEEDED
  | typeof Status.OUTSIDE_VALIDITY
  | typeof Status.QRCODE_NOT_ALLOWED
  | typeof Status.VISITOR_UNAUTHORIZED
  | typeof Status.OUTSIDE_PASS_TIME
  | typeof Status.NOT_SIGNED_IN
  | typeof Status.VISIT_FINISHED
  | typeof Status.QRCODE_EXPIRED
  | typeof Status.EMPLOYEE_UNAUTHORIZED
  | typeof Status.PERSON_EXPIRED;

export type DoorVerdict =
  | { ok: true; groupId: number; signIn: boolean; signOut: boolean }
  | { ok: false; status: DoorStatus; why: string; groupId: number | null; schedule?: string };

export interface DoorFacts {
  now: Date;
  direction: 1 | 2;
  visit: { status: string; permission: number; tid: number | null; resident: boolean };
  /** When the visit's pass opens doors (from its check-in window to its end); null: any time. */
  window: { from: number; until: number } | null;
  /** Groups the visit opens, and the groups of this device. */
  passGroups: readonly number[];
  deviceGroups: readonly number[];
  strategies: readonly DoorStrategy[];
  /** The pass way of the visit's gate. */
  gateWay: 'both' | 'qr' | 'face';
  holidays: readonly HolidayDay[];
  usage: PassUsage;
  company: { qrMaxCount: number; doorSignIn: boolean; cryptoperiod: number };
  /** The slot of a rotating pass; null for a still one. */
  slot: number | null;
  timeZone?: string;
}

const BEFORE_SIGN_IN = new Set(['sent', 'viewed', 'accepted', 'reserved', 'authorized']);
const OVER = new Set(['signedOut', 'expired', 'ended']);

const no = (status: DoorStatus, why: string, groupId: number | null = null): DoorVerdict => ({ ok: false, status, why, groupId });

function rotation(f: DoorFacts): DoorVerdict | null {
  if (f.company.cryptoperiod <= 0) return null;
  if (f.slot === null) return no(Status.QRCODE_EXPIRED, 'stillPass');
  const current = Math.floor(f.now.getTime() / (f.company.cryptoperiod * 60_000));
  return f.slot === current || f.slot === current - 1 ? null : no(Status.QRCODE_EXPIRED, 'oldSlot');
}

function state(f: DoorFacts): DoorVerdict | { signIn: boolean } {
  const { status, permission } = f.visit;
  if (status === 'refused' || status === 'unauthorized') return no(Status.VISITOR_UNAUTHORIZED, status);
  const entry = f.direction === 1;
  if (OVER.has(status)) return entry ? no(Status.VISIT_FINISHED, status) : { signIn: false };
  if (BEFORE_SIGN_IN.has(status)) {
    if (permission !== 1) return no(Status.VISITOR_UNAUTHORIZED, 'awaiting');
    if (!entry) return { signIn: false };
    return f.company.doorSignIn ? { signIn: true } : no(Status.NOT_SIGNED_IN, 'notSignedIn');
  }
  return { signIn: false };
}

function visitorRuled(s: DoorStrategy, f: DoorFacts): boolean {
  return f.visit.resident ? s.forResidents : s.forVisitors && (s.tids.length === 0 || (f.visit.tid !== null && s.tids.includes(f.visit.tid)));
}

/**
 * The strategies ruling this person at one of the matched groups: one of them must let the pass through now (its pass
 * way, its schedule, and for visitors its limits); none ruling them, the entitlement alone decides.
 */
function strategiesAllow(
  f: Pick<DoorFacts, 'now' | 'strategies' | 'holidays' | 'timeZone'> & { usage?: PassUsage },
  ruled: (s: DoorStrategy) => boolean,
  matched: readonly number[],
): DoorVerdict {
  let refusal: DoorVerdict | null = null;
  for (const s of f.strategies) {
    if (!ruled(s)) continue;
    const group = s.egids.length === 0 ? matched[0] : matched.find((g) => s.egids.includes(g));
    if (group === undefined) continue;
    const inTime = s.schedule ? withinSchedule(s.schedule, f.holidays, f.now, f.timeZone) : ({ ok: true } as const);
    const verdict =
      s.passWay === 'face'
        ? { ok: false as const, status: Status.QRCODE_NOT_ALLOWED, why: 'strategyFaceOnly' }
        : inTime.ok && f.usage
          ? withinLimits(f.usage, s, f.now, f.timeZone)
          : inTime;
    if (verdict.ok) return { ok: true, groupId: group, signIn: false, signOut: false };
    // A refusal by the schedule's hours names the schedule on the pass record.
    refusal ??= { ...no(verdict.status, verdict.why, group), ...(inTime.ok ? {} : { schedule: s.scheduleName }) };
  }
  return refusal ?? { ok: true, groupId: matched[0] ?? 0, signIn: false, signOut: false };
}

/** Entry checks past the groups: window, gate way, company count, strategies. */
function entry(f: DoorFacts, matched: readonly number[]): DoorVerdict {
  const first = matched[0] ?? null;
  const now = f.now.getTime();
  if (f.window && now < f.window.from) return no(Status.OUTSIDE_VALIDITY, 'early', first);
  if (f.window && now > f.window.until) return no(Status.OUTSIDE_VALIDITY, 'late', first);
  if (f.gateWay === 'face') return no(Status.QRCODE_NOT_ALLOWED, 'gateFaceOnly', first);
  if (f.company.qrMaxCount > 0 && f.usage.usesTotal >= f.company.qrMaxCount) return no(Status.PASS_LIMIT_EXCEEDED, 'qrMaxCount', first);
  return strategiesAllow(f, (s) => visitorRuled(s, f), matched);
}

export function decideDoor(f: DoorFacts): DoorVerdict {
  const rotated = rotation(f);
  if (rotated) return rotated;
  const st = state(f);
  if ('ok' in st) return st;
  const device = new Set(f.deviceGroups);
  const matched = f.passGroups.filter((g) => device.has(g));
  if (matched.length === 0) return no(Status.DEVICE_NOT_ALLOWED, 'noGroup');
  if (f.direction === 2) {
    const signOut = f.company.doorSignIn && f.visit.status === 'signedIn';
    return { ok: true, groupId: matched[0] ?? 0, signIn: false, signOut };
  }
  const verdict = entry(f, matched);
  return verdict.ok ? { ...verdict, signIn: st.signIn } : verdict;
}

export interface EmployeeDoorFacts {
  now: Date;
  /** The calendar day of `now` where the company is (access dates are days). */
  today: string;
  direction: 1 | 2;
  employee: { status: number; acEnabled: boolean; acStart: string | null; acEnd: string | null };
  passGroups: readonly number[];
  deviceGroups: readonly number[];
  strategies: readonly DoorStrategy[];
  holidays: readonly HolidayDay[];
  timeZone?: string;
}

/**
 * The door's decision on an employee's card: an employee not enabled or without access → 1129; on entry, before their
 * access dates 1115, after them 1113; the device must be in a group granted to them (1111); on entry, the strategies
 * for employees at these groups (pass way 1120, schedule 1115/1124; no use limits: those are visitors'). An exit only
 * needs the groups: nobody is shut in.
 */
export function decideEmployeeDoor(f: EmployeeDoorFacts): DoorVerdict {
  const { employee: e } = f;
  if (e.status !== 0) return no(Status.EMPLOYEE_UNAUTHORIZED, 'employeeDisabled');
  if (!e.acEnabled) return no(Status.EMPLOYEE_UNAUTHORIZED, 'accessOff');
  const entering = f.direction === 1;
  if (entering && e.acStart && f.today < e.acStart) return no(Status.OUTSIDE_VALIDITY, 'notYet');
  if (entering && e.acEnd && f.today > e.acEnd) return no(Status.PERSON_EXPIRED, 'accessEnded');
  const device = new Set(f.deviceGroups);
  const matched = f.passGroups.filter((g) => device.has(g));
  if (matched.length === 0) return no(Status.DEVICE_NOT_ALLOWED, 'noGroup');
  if (!entering) return { ok: true, groupId: matched[0] ?? 0, signIn: false, signOut: false };
  return strategiesAllow(f, (s) => s.forEmployees, matched);
}

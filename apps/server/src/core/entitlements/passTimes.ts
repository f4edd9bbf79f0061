import { HolidayKind, HolidayMode, Status, slotMinutes, WorkdayMode } from '@openvisit/contract';

/**
 * The pass-time decision, pure: no database, no clock. The door (modules/doors) reads the strategies with their
 * schedules (kept by modules/passRules), the company's holidays and a pass's usage, then asks these. Days are calendar
 * days of `timeZone`; left out, the server's own zone — the one `platform/formats/days.ts` uses for every other day of the
 * product.
 */

/** A traffic schedule as the decision needs it (a `pass_rules` row fits). */
export interface ScheduleRule {
  /** yyyy-mm-dd or '' (no first / last day); both days included. */
  startDate: string;
  endDate: string;
  /** Slots 'HH:mm-HH:mm' of Monday … Sunday. */
  week: readonly (readonly string[])[];
  hol: readonly string[];
  holMode: number;
  daysOff: readonly string[];
  daysOffMode: number;
}

/** A holiday: its day (yyyy-mm-dd) and kind (1 day off, 2 make-up working day). */
export interface HolidayDay {
  day: string;
  kind: number;
}

export type Decision =
  | { ok: true }
  | { ok: false; status: typeof Status.OUTSIDE_PASS_TIME | typeof Status.OUTSIDE_VALIDITY | typeof Status.PASS_LIMIT_EXCEEDED; why: DecisionWhy };

export type DecisionWhy = 'beforeStart' | 'afterEnd' | 'noSlot' | 'holidayClosed' | 'maxUses' | 'maxDays' | 'singleEntry';

const OK: Decision = { ok: true };
const refuse = (status: Exclude<Decision, { ok: true }>['status'], why: DecisionWhy): Decision => ({ ok: false, status, why });

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** A moment as the wall clock of `timeZone` shows it: its day, weekday (0 Monday … 6 Sunday) and minute of the day. */
export function wallClock(at: Date, timeZone?: string): { day: string; weekday: number; minute: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAY_INDEX[parts.weekday ?? ''] ?? 0,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The slots that rule a day: the weekday's, or, on a holiday, what the schedule says holidays do. */
export function slotsOfDay(rule: ScheduleRule, weekday: number, holiday: number | undefined): readonly string[] | 'closed' {
  if (holiday === HolidayKind.DAY_OFF) {
    if (rule.holMode === HolidayMode.CLOSED) return 'closed';
    if (rule.holMode === HolidayMode.HOLIDAY_SLOTS) return rule.hol;
  }
  if (holiday === HolidayKind.WORKDAY && rule.daysOffMode === WorkdayMode.WORKDAY_SLOTS) return rule.daysOff;
  return rule.week[weekday] ?? [];
}

/** Inside a slot: its start minute included, its end minute excluded (08:00-12:00 opens at 08:00, closes at 12:00). */
export function inSlots(slots: readonly string[], minute: number): boolean {
  return slots.some((s) => {
    const m = slotMinutes(s);
    return m !== null && minute >= m.from && minute < m.to;
  });
}

/**
 * May one pass at `at` by this schedule? 1115 before its first or after its last day, 1124 outside the day's slots
 * (a day with no slots, or a holiday the schedule keeps closed, opens at no time).
 */
export function withinSchedule(
  rule: ScheduleRule,
  holidays: Iterable<HolidayDay> | ReadonlyMap<string, number>,
  at: Date,
  timeZone?: string,
): Decision {
  const { day, weekday, minute } = wallClock(at, timeZone);
  if (rule.startDate && day < rule.startDate) return refuse(Status.OUTSIDE_VALIDITY, 'beforeStart');
  if (rule.endDate && day > rule.endDate) return refuse(Status.OUTSIDE_VALIDITY, 'afterEnd');
  const kind = holidays instanceof Map ? (holidays as ReadonlyMap<string, number>).get(day) : findHoliday(holidays as Iterable<HolidayDay>, day);
  const slots = slotsOfDay(rule, weekday, kind);
  if (slots === 'closed') return refuse(Status.OUTSIDE_PASS_TIME, 'holidayClosed');
  return inSlots(slots, minute) ? OK : refuse(Status.OUTSIDE_PASS_TIME, 'noSlot');
}

function findHoliday(holidays: Iterable<HolidayDay>, day: string): number | undefined {
  for (const h of holidays) if (h.day === day) return h.kind;
  return undefined;
}

/** A pass's use so far: uses on the day of `at`, uses in all, and its first use (null: never used). */
export interface PassUsage {
  usesToday: number;
  usesTotal: number;
  firstUseAt: Date | null;
}

/** A strategy's per-visitor limits (0: none of its own). */
export interface PassLimits {
  maxDays: number;
  maxUses: number;
  entryMode: 'multiple' | 'single' | string;
}

/** Whole calendar days from `a`'s day to `b`'s day in the zone (0 on the same day). */
export function daysBetween(a: Date, b: Date, timeZone?: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(wallClock(b, timeZone).day) - utc(wallClock(a, timeZone).day)) / 86_400_000);
}

/**
 * May this use happen under the strategy's limits? 1114 once `maxUses` uses were made, or (single entry a day) once
 * the day had one; 1115 from the `maxDays`-th calendar day after the first use on (maxDays 1: the first use's day only).
 */
export function withinLimits(usage: PassUsage, limits: PassLimits, at: Date, timeZone?: string): Decision {
  if (limits.maxUses > 0 && usage.usesTotal >= limits.maxUses) return refuse(Status.PASS_LIMIT_EXCEEDED, 'maxUses');
  if (limits.maxDays > 0 && usage.firstUseAt && daysBetween(usage.firstUseAt, at, timeZone) >= limits.maxDays)
    return refuse(Status.OUTSIDE_VALIDITY, 'maxDays');
  if (limits.entryMode === 'single' && usage.usesToday >= 1) return refuse(Status.PASS_LIMIT_EXCEEDED, 'singleEntry');
  return OK;
}

/** A strategy (pass config) as the door applies it: whom and which groups it rules, its schedule, limits and pass way. */
export interface DoorStrategy {
  id: number;
  forEmployees: boolean;
  forVisitors: boolean;
  /** Visitor types it is for; empty: every type. */
  tids: number[];
  forResidents: boolean;
  /** Device groups it rules; empty: every group. */
  egids: number[];
  schedule: ScheduleRule | undefined;
  /** The schedule's name, which a pass its hours refuse is recorded with. */
  scheduleName: string;
  maxDays: number;
  maxUses: number;
  entryMode: 'single' | 'multiple';
  passWay: 'both' | 'qr' | 'face';
}

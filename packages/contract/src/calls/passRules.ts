import { z } from 'zod';
import { defineCall, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * Strategic (spec sections 3, 7, 9): holidays (qcv_holiday_bill), traffic schedules (pass rules, qcv_passtime_rule:
 * weekday time slots) and pass configs (strategies, qcv_pass_config: who may pass which device groups by which
 * schedule, with per-visitor limits), and which ways (face, QR) each gate accepts. Rules: docs/modules/passRules.md.
 */
export const PASS_RULE_MANAGERS = [Role.ADMIN, Role.SUBADMIN] as const;
export const PASS_NAME_MAX = 50;
export const HOLIDAY_NAME_MAX = 50;
export const EXPLAIN_MAX = 200;
/** Slots of one day: more than a few would be a schedule no one can read. */
export const SLOTS_PER_DAY_MAX = 6;
export const PASS_MAX_DAYS = 3650;
export const PASS_MAX_USES = 10000;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Holiday kinds (passFlag): a day off, or a working day moved onto a weekend (调休上班). */
export const HolidayKind = { DAY_OFF: 1, WORKDAY: 2 } as const;
/** What a schedule does on a day off: closed, the `hol` slots, or the weekday's own slots. */
export const HolidayMode = { CLOSED: 0, HOLIDAY_SLOTS: 1, AS_WEEKDAY: 2 } as const;
/** What a schedule does on a make-up working day: its weekday's own slots, or the `daysOff` slots. */
export const WorkdayMode = { AS_WEEKDAY: 0, WORKDAY_SLOTS: 1 } as const;
export const ALLOWED_PASS_WAYS = ['both', 'qr', 'face'] as const;
export type AllowedPassWay = (typeof ALLOWED_PASS_WAYS)[number];
export const ENTRY_MODES = ['multiple', 'single'] as const;

const HHMM = '([01]\\d|2[0-3]):[0-5]\\d';
const SLOT = new RegExp(`^(${HHMM})-(${HHMM}|24:00)$`);
const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** A slot 'HH:mm-HH:mm' as minutes of the day [from, to): start included, end excluded; '24:00' ends at midnight. */
export function slotMinutes(slot: string): { from: number; to: number } | null {
  const m = SLOT.exec(slot);
  if (!m?.[1] || !m[3]) return null;
  return { from: minutes(m[1]), to: minutes(m[3]) };
}

export type SlotFailure = 'format' | 'slotOrder' | 'overlap' | 'tooMany';

/**
 * One day's slots checked: each well formed with its end after its start, none overlapping another (touching ends,
 * 12:00 then 12:00, do not overlap: the end is excluded). `index` null means the day's list as a whole.
 */
export function checkSlots(slots: readonly string[]): { index: number | null; rule: SlotFailure }[] {
  if (slots.length > SLOTS_PER_DAY_MAX) return [{ index: null, rule: 'tooMany' }];
  const parsed = slots.map(slotMinutes);
  const failures: { index: number; rule: SlotFailure }[] = [];
  parsed.forEach((s, i) => {
    if (!s) failures.push({ index: i, rule: 'format' });
    else if (s.to <= s.from) failures.push({ index: i, rule: 'slotOrder' });
    else if (parsed.some((o, j) => j < i && o && o.to > o.from && o.from < s.to && s.from < o.to)) failures.push({ index: i, rule: 'overlap' });
  });
  return failures;
}

const zSlots = z
  .array(z.string().trim())
  .max(100)
  .superRefine((slots, ctx) => {
    for (const f of checkSlots(slots)) ctx.addIssue({ code: 'custom', message: f.rule, path: f.index === null ? [] : [f.index] });
  });

/** A real calendar day 'yyyy-mm-dd'. */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const zDay = z.string().refine(isCalendarDay, 'format');

const zName = (max: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: 'required' });
      else if ([...v].length > max) ctx.addIssue({ code: 'custom', message: 'tooLong' });
      else if (/\p{Cc}/u.test(v)) ctx.addIssue({ code: 'custom', message: 'illegalChars' });
    });

const userid = z.int32().optional();
const id = z.int32().positive();

// ---------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------

export const holiday = z.object({
  hid: z.int32(),
  hdate: z.string(),
  hname: z.string(),
  /** 1 a day off, 2 a make-up working day. */
  passFlag: z.union([z.literal(1), z.literal(2)]),
});
export type Holiday = z.infer<typeof holiday>;

const holidayFields = {
  hdate: zDay,
  hname: zName(HOLIDAY_NAME_MAX),
  passFlag: z.union([z.literal(1), z.literal(2)]),
};

export const getHoliday = defineCall({
  name: 'getHoliday',
  area: 'pass-rules',
  module: 'passRules',
  summary: "A year's holidays and make-up working days, by date",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  input: z.object({ userid, year: z.int32().min(1970).max(9999) }),
  output: z.array(holiday),
});

export const addHoliday = defineCall({
  name: 'addHoliday',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Add a holiday or make-up working day; 223 when the date is already set',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  fieldStatuses: { [Status.DATE_REPEATED]: 'hdate' },
  log: { module: LogModule.ACCESS_CONTROL, event: 'add' },
  input: z.object({ userid, ...holidayFields }),
  output: holiday,
});

export const updateHoliday = defineCall({
  name: 'updateHoliday',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Change a holiday; 602 when there is no such holiday, 223 when another has the date',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.DATE_REPEATED]: 'hdate' },
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, hid: id, ...holidayFields }),
  output: holiday,
});

export const delHoliday = defineCall({
  name: 'delHoliday',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Delete a holiday; 602 when there is no such holiday',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCESS_CONTROL, event: 'delete' },
  input: z.object({ userid, hid: id }),
  output: ok,
});

// ---------------------------------------------------------------------------------------------
// Traffic schedules (pass rules)
// ---------------------------------------------------------------------------------------------

const holidayMode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const workdayMode = z.union([z.literal(0), z.literal(1)]);

const ruleFields = z.object({
  rname: zName(PASS_NAME_MAX),
  /** '' for no first or last day. */
  startDate: z.union([z.literal(''), zDay]).default(''),
  endDate: z.union([z.literal(''), zDay]).default(''),
  mon: zSlots.default([]),
  tue: zSlots.default([]),
  wed: zSlots.default([]),
  thu: zSlots.default([]),
  fri: zSlots.default([]),
  sat: zSlots.default([]),
  sun: zSlots.default([]),
  hol: zSlots.default([]),
  holMode: holidayMode.default(0),
  daysOff: zSlots.default([]),
  daysOffMode: workdayMode.default(0),
});
const endNotBeforeStart = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: 'beforeStart', path: ['endDate'] });
};

const slotList = z.array(z.string());
export const passRule = z.object({
  rid: z.int32(),
  rname: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  mon: slotList,
  tue: slotList,
  wed: slotList,
  thu: slotList,
  fri: slotList,
  sat: slotList,
  sun: slotList,
  hol: slotList,
  holMode: holidayMode,
  daysOff: slotList,
  daysOffMode: workdayMode,
  /** Strategies that use this schedule. */
  configs: z.int32(),
});
export type PassRule = z.infer<typeof passRule>;

export const getPassRuleList = defineCall({
  name: 'getPassRuleList',
  area: 'pass-rules',
  module: 'passRules',
  summary: "The company's traffic schedules by name, each with the number of strategies using it",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  input: z.object({ userid, rname: z.string().trim().max(PASS_NAME_MAX).optional() }),
  output: z.array(passRule),
});

export const addPassRule = defineCall({
  name: 'addPassRule',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Add a traffic schedule; 3 when the name is taken; bad, reversed or overlapping slots are field errors',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'rname' },
  log: { module: LogModule.ACCESS_CONTROL, event: 'add' },
  input: ruleFields.extend({ userid }).superRefine(endNotBeforeStart),
  output: passRule,
});

export const updatePassRule = defineCall({
  name: 'updatePassRule',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Replace a traffic schedule; 602 when there is no such schedule, 3 when the name is taken',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'rname' },
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: ruleFields.extend({ userid, rid: id }).superRefine(endNotBeforeStart),
  output: passRule,
});

export const delPassRule = defineCall({
  name: 'delPassRule',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Delete a traffic schedule; 602 when there is none, 58 (with the count) while strategies use it',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.ACCESS_CONTROL, event: 'delete' },
  input: z.object({ userid, rid: id }),
  output: ok,
});

export const passRuleCalls = [getHoliday, addHoliday, updateHoliday, delHoliday, getPassRuleList, addPassRule, updatePassRule, delPassRule] as const;

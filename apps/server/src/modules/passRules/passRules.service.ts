import { type Holiday, type In, type PassRule, Status, slotMinutes, WEEKDAYS } from '@openvisit/contract';
import type { DoorStrategy } from '../../core/entitlements/entitlements.public.js';
import { foreignKeyViolation, uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type HolidayRow, type NewRule, passRulesRepository, type RuleRow } from './passRules.repository.js';

/**
 * Holidays and traffic schedules (pass rules), and what the door reads of them (`doorRules`, `holidaysIn`); the pure
 * pass-time decision on them is core/entitlements' (passTimes.ts).
 */

const repoOf = (ctx: AuthedContext) => passRulesRepository(ctx.tenant);
const noSuchRecord = (what: string) => new AppError(Status.NO_SUCH_RECORD, `There is no such ${what}`);

/** Turns a unique-key failure (two requests racing past the check) into the catalogued status. */
export function uniqueAs(status: () => AppError): (err: unknown) => never {
  return (err) => {
    if (uniqueViolation(err) !== undefined) throw status();
    throw err;
  };
}

// ---------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------

const toHoliday = (r: HolidayRow): Holiday => ({ hid: r.id, hdate: r.day, hname: r.name, passFlag: r.kind === 2 ? 2 : 1 });
const dateRepeated = () => new AppError(Status.DATE_REPEATED, 'This date is already set');

export async function listHolidays(ctx: AuthedContext, input: In<'getHoliday'>): Promise<Holiday[]> {
  const year = String(input.year).padStart(4, '0');
  return (await repoOf(ctx).holidaysBetween(`${year}-01-01`, `${year}-12-31`)).map(toHoliday);
}

type HolidayInput = { hdate: string; hname: string; passFlag: 1 | 2 };

export async function addHoliday(ctx: AuthedContext, input: HolidayInput): Promise<Holiday> {
  const repo = repoOf(ctx);
  if (await repo.holidayOn(input.hdate)) throw dateRepeated();
  const row = await repo.insertHoliday({ day: input.hdate, name: input.hname, kind: input.passFlag }).catch(uniqueAs(dateRepeated));
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.day} ${row.name}`;
  return toHoliday(row);
}

export async function updateHoliday(ctx: AuthedContext, input: HolidayInput & { hid: number }): Promise<Holiday> {
  const repo = repoOf(ctx);
  if (!(await repo.holiday(input.hid))) throw noSuchRecord('holiday');
  const same = await repo.holidayOn(input.hdate);
  if (same && same.id !== input.hid) throw dateRepeated();
  const row = await repo.updateHoliday(input.hid, { day: input.hdate, name: input.hname, kind: input.passFlag }).catch(uniqueAs(dateRepeated));
  if (!row) throw noSuchRecord('holiday');
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.day} ${row.name}`;
  return toHoliday(row);
}

export async function removeHoliday(ctx: AuthedContext, input: In<'delHoliday'>): Promise<null> {
  const repo = repoOf(ctx);
  const row = await repo.holiday(input.hid);
  if (!row) throw noSuchRecord('holiday');
  await repo.deleteHoliday(row.id);
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.day} ${row.name}`;
  return null;
}

/** The company's holidays from `from` to `to` (yyyy-mm-dd, both included), for the door's decision. */
export async function holidaysIn(scope: TenantScope, from: string, to: string): Promise<{ day: string; kind: number }[]> {
  return (await passRulesRepository(scope).holidaysBetween(from, to)).map((h) => ({ day: h.day, kind: h.kind }));
}

// ---------------------------------------------------------------------------------------------
// Traffic schedules
// ---------------------------------------------------------------------------------------------

const sortSlots = (slots: readonly string[]) => [...slots].sort((a, b) => (slotMinutes(a)?.from ?? 0) - (slotMinutes(b)?.from ?? 0));

function toRule(r: RuleRow, configs: number): PassRule {
  const [mon = [], tue = [], wed = [], thu = [], fri = [], sat = [], sun = []] = r.week;
  return {
    rid: r.id,
    rname: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    mon,
    tue,
    wed,
    thu,
    fri,
    sat,
    sun,
    hol: r.hol,
    holMode: r.holMode === 1 || r.holMode === 2 ? r.holMode : 0,
    daysOff: r.daysOff,
    daysOffMode: r.daysOffMode === 1 ? 1 : 0,
    configs,
  };
}

type RuleInput = In<'addPassRule'>;

function ruleValues(input: RuleInput): NewRule {
  return {
    name: input.rname,
    startDate: input.startDate,
    endDate: input.endDate,
    week: WEEKDAYS.map((d) => sortSlots(input[d])) as NewRule['week'],
    hol: sortSlots(input.hol),
    holMode: input.holMode,
    daysOff: sortSlots(input.daysOff),
    daysOffMode: input.daysOffMode,
  };
}

const nameTaken = () => new AppError(Status.ALREADY_EXISTS, 'A schedule with this name exists');

export async function listRules(ctx: AuthedContext, input: In<'getPassRuleList'>): Promise<PassRule[]> {
  const repo = repoOf(ctx);
  const [rows, used] = await Promise.all([repo.rules(input.rname || undefined), repo.configsPerRule()]);
  return rows.map((r) => toRule(r, used.get(r.id) ?? 0));
}

export async function addRule(ctx: AuthedContext, input: RuleInput): Promise<PassRule> {
  const repo = repoOf(ctx);
  if (await repo.ruleNameTaken(input.rname)) throw nameTaken();
  const row = await repo.insertRule(ruleValues(input)).catch(uniqueAs(nameTaken));
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toRule(row, 0);
}

export async function updateRule(ctx: AuthedContext, input: In<'updatePassRule'>): Promise<PassRule> {
  const repo = repoOf(ctx);
  if (!(await repo.rule(input.rid))) throw noSuchRecord('schedule');
  if (await repo.ruleNameTaken(input.rname, input.rid)) throw nameTaken();
  const row = await repo.updateRule(input.rid, ruleValues(input)).catch(uniqueAs(nameTaken));
  if (!row) throw noSuchRecord('schedule');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toRule(row, (await repo.configsPerRule()).get(row.id) ?? 0);
}

/** A schedule strategies use stays (58 with the count): removing it would leave them without pass times. */
export async function removeRule(ctx: AuthedContext, input: In<'delPassRule'>): Promise<null> {
  await inTransaction(ctx.tenant, async (tx) => {
    const repo = passRulesRepository(tx);
    const row = await repo.rule(input.rid);
    if (!row) throw noSuchRecord('schedule');
    const configs = (await repo.configsPerRule()).get(row.id) ?? 0;
    if (configs) throw new AppError(Status.UPDATE_NOT_ALLOWED, `This schedule is used by ${configs} strategies`, { configs });
    await repo.deleteRule(row.id).catch((err: unknown) => {
      // A strategy added meanwhile: the foreign key refuses, and the answer is the same as the count's.
      if (foreignKeyViolation(err) !== undefined) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This schedule is used by strategies');
      throw err;
    });
    ctx.audit.objId = row.id;
    ctx.audit.objName = row.name;
  });
  return null;
}

/** A schedule of the company by id, as `withinSchedule` takes it; undefined when there is none. */
export async function scheduleIn(scope: TenantScope, rid: number): Promise<RuleRow | undefined> {
  return passRulesRepository(scope).rule(rid);
}

const passWayOf = (v: string): DoorStrategy['passWay'] => (v === 'qr' || v === 'face' ? v : 'both');

/** Every strategy of the company with its schedule, and each gate's pass way (gates not listed: both), for the door. */
export async function doorRules(scope: TenantScope): Promise<{ strategies: DoorStrategy[]; gateWays: Map<number, DoorStrategy['passWay']> }> {
  const repo = passRulesRepository(scope);
  const [configs, groups, types, rules, ways] = await Promise.all([
    repo.configs(),
    repo.configGroups(),
    repo.configTypes(),
    repo.rules(),
    repo.gatePassWays(),
  ]);
  const byConfig = (rows: { configId: number; id: number }[]) => {
    const m = new Map<number, number[]>();
    for (const r of rows) m.set(r.configId, [...(m.get(r.configId) ?? []), r.id]);
    return m;
  };
  const groupIds = byConfig(groups.map((g) => ({ configId: g.configId, id: g.groupId })));
  const typeIds = byConfig(types.map((t) => ({ configId: t.configId, id: t.typeId })));
  const schedules = new Map(rules.map((r) => [r.id, r]));
  const strategies = configs.map((c) => ({
    id: c.id,
    forEmployees: c.forEmployees,
    forVisitors: c.forVisitors,
    tids: typeIds.get(c.id) ?? [],
    forResidents: c.forResidents,
    egids: groupIds.get(c.id) ?? [],
    schedule: schedules.get(c.ruleId),
    scheduleName: schedules.get(c.ruleId)?.name ?? '',
    maxDays: c.maxDays,
    maxUses: c.maxUses,
    entryMode: c.entryMode === 'single' ? ('single' as const) : ('multiple' as const),
    passWay: passWayOf(c.passWay),
  }));
  return { strategies, gateWays: new Map([...ways].map(([gid, w]) => [gid, passWayOf(w)])) };
}

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gatePassWays, holidays, passConfigGroups, passConfigs, passConfigVisitorTypes, passRules } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type HolidayRow = typeof holidays.$inferSelect;
export type RuleRow = typeof passRules.$inferSelect;
export type ConfigRow = typeof passConfigs.$inferSelect;
export type NewRule = Omit<typeof passRules.$inferInsert, 'companyId' | 'id'>;
export type NewConfig = Omit<typeof passConfigs.$inferInsert, 'companyId' | 'id'>;

const byId = <T extends { id: number }>(rows: T[]) => rows[0];

const lowerName = (col: typeof passRules.name | typeof passConfigs.name, name: string) => sql`lower(${col}) = lower(${name})`;

/** Holidays. */
function holidayQueries(db: Db, companyId: number) {
  const myHolidays = eq(holidays.companyId, companyId);
  return {
    holidaysBetween: (from: string, to: string) =>
      db
        .select()
        .from(holidays)
        .where(and(myHolidays, sql`${holidays.day} >= ${from}`, sql`${holidays.day} <= ${to}`))
        .orderBy(asc(holidays.day)),
    holiday: (id: number) =>
      db
        .select()
        .from(holidays)
        .where(and(myHolidays, eq(holidays.id, id)))
        .limit(1)
        .then(byId),
    holidayOn: (day: string) =>
      db
        .select()
        .from(holidays)
        .where(and(myHolidays, eq(holidays.day, day)))
        .limit(1)
        .then(byId),
    insertHoliday: (v: { day: string; name: string; kind: number }) =>
      db
        .insert(holidays)
        .values({ companyId, ...v })
        .returning()
        .then((r) => r[0] as HolidayRow),
    updateHoliday: (id: number, v: { day: string; name: string; kind: number }) =>
      db
        .update(holidays)
        .set(v)
        .where(and(myHolidays, eq(holidays.id, id)))
        .returning()
        .then(byId),
    deleteHoliday: (id: number) => db.delete(holidays).where(and(myHolidays, eq(holidays.id, id))),
  };
}

/** Traffic schedules. */
function ruleQueries(db: Db, companyId: number) {
  const myRules = eq(passRules.companyId, companyId);
  const myConfigs = eq(passConfigs.companyId, companyId);
  return {
    rules: (name?: string) =>
      db
        .select()
        .from(passRules)
        .where(and(myRules, name ? sql`strpos(lower(${passRules.name}), lower(${name})) > 0` : undefined))
        .orderBy(asc(passRules.name), asc(passRules.id)),
    rule: (id: number) =>
      db
        .select()
        .from(passRules)
        .where(and(myRules, eq(passRules.id, id)))
        .limit(1)
        .then(byId),
    ruleNameTaken: (name: string, exceptId?: number) =>
      db
        .select({ id: passRules.id })
        .from(passRules)
        .where(and(myRules, lowerName(passRules.name, name), exceptId ? sql`${passRules.id} <> ${exceptId}` : undefined))
        .limit(1)
        .then((r) => r.length > 0),
    insertRule: (v: NewRule) =>
      db
        .insert(passRules)
        .values({ ...v, companyId })
        .returning()
        .then((r) => r[0] as RuleRow),
    updateRule: (id: number, v: NewRule) =>
      db
        .update(passRules)
        .set(v)
        .where(and(myRules, eq(passRules.id, id)))
        .returning()
        .then(byId),
    deleteRule: (id: number) => db.delete(passRules).where(and(myRules, eq(passRules.id, id))),
    /** Strategies per schedule. */
    configsPerRule: () =>
      db
        .select({ ruleId: passConfigs.ruleId, n: count() })
        .from(passConfigs)
        .where(myConfigs)
        .groupBy(passConfigs.ruleId)
        .then((rows) => new Map(rows.map((r) => [r.ruleId, r.n]))),
  };
}

/** Strategies and what they bind. */
function configQueries(db: Db, companyId: number) {
  const myConfigs = eq(passConfigs.companyId, companyId);
  return {
    configs: (name?: string) =>
      db
        .select()
        .from(passConfigs)
        .where(and(myConfigs, name ? sql`strpos(lower(${passConfigs.name}), lower(${name})) > 0` : undefined))
        .orderBy(asc(passConfigs.name), asc(passConfigs.id)),
    config: (id: number) =>
      db
        .select()
        .from(passConfigs)
        .where(and(myConfigs, eq(passConfigs.id, id)))
        .limit(1)
        .then(byId),
    configNameTaken: (name: string, exceptId?: number) =>
      db
        .select({ id: passConfigs.id })
        .from(passConfigs)
        .where(and(myConfigs, lowerName(passConfigs.name, name), exceptId ? sql`${passConfigs.id} <> ${exceptId}` : undefined))
        .limit(1)
        .then((r) => r.length > 0),
    insertConfig: (v: NewConfig) =>
      db
        .insert(passConfigs)
        .values({ ...v, companyId })
        .returning()
        .then((r) => r[0] as ConfigRow),
    updateConfig: (id: number, v: NewConfig) =>
      db
        .update(passConfigs)
        .set(v)
        .where(and(myConfigs, eq(passConfigs.id, id)))
        .returning()
        .then(byId),
    deleteConfig: (id: number) => db.delete(passConfigs).where(and(myConfigs, eq(passConfigs.id, id))),
    configGroups: () =>
      db
        .select({ configId: passConfigGroups.configId, groupId: passConfigGroups.groupId })
        .from(passConfigGroups)
        .where(eq(passConfigGroups.companyId, companyId))
        .orderBy(asc(passConfigGroups.groupId)),
    configTypes: () =>
      db
        .select({ configId: passConfigVisitorTypes.configId, typeId: passConfigVisitorTypes.visitorTypeId })
        .from(passConfigVisitorTypes)
        .where(eq(passConfigVisitorTypes.companyId, companyId))
        .orderBy(asc(passConfigVisitorTypes.visitorTypeId)),
    /** Replaces a strategy's groups and visitor types (inside the caller's transaction). */
    setConfigLinks: async (configId: number, groupIds: number[], typeIds: number[]) => {
      await db.delete(passConfigGroups).where(and(eq(passConfigGroups.companyId, companyId), eq(passConfigGroups.configId, configId)));
      await db
        .delete(passConfigVisitorTypes)
        .where(and(eq(passConfigVisitorTypes.companyId, companyId), eq(passConfigVisitorTypes.configId, configId)));
      if (groupIds.length) await db.insert(passConfigGroups).values(groupIds.map((groupId) => ({ companyId, configId, groupId })));
      if (typeIds.length) await db.insert(passConfigVisitorTypes).values(typeIds.map((visitorTypeId) => ({ companyId, configId, visitorTypeId })));
    },

    /** How many strategies bind this device group (a bound group is not deleted). */
    configsOfGroup: (groupId: number) =>
      db
        .select({ n: count() })
        .from(passConfigGroups)
        .where(and(eq(passConfigGroups.companyId, companyId), eq(passConfigGroups.groupId, groupId)))
        .then((r) => r[0]?.n ?? 0),
  };
}

/** The ways each gate accepts. */
function gateWayQueries(db: Db, companyId: number) {
  return {
    gatePassWays: () =>
      db
        .select()
        .from(gatePassWays)
        .where(eq(gatePassWays.companyId, companyId))
        .then((rows) => new Map(rows.map((r) => [r.gateId, r.passWay]))),
    setGatePassWay: (gateId: number, passWay: string) =>
      db
        .insert(gatePassWays)
        .values({ gateId, companyId, passWay })
        .onConflictDoUpdate({ target: gatePassWays.gateId, set: { passWay }, setWhere: eq(gatePassWays.companyId, companyId) }),
  };
}

/** One company's holidays, traffic schedules, strategies and gate pass ways. */
export const passRulesRepository = scoped(function passRulesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  return { ...holidayQueries(db, companyId), ...ruleQueries(db, companyId), ...configQueries(db, companyId), ...gateWayQueries(db, companyId) };
});
export type PassRulesRepository = ReturnType<typeof passRulesRepository>;

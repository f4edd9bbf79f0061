import type { MeetingStatus } from '@openvisit/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { meetings } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = Omit<typeof meetings.$inferInsert, 'companyId' | 'id'>;

export interface MeetingFilter {
  /** The organiser (an employee sees only their own). */
  empId?: number;
  /** Subject contains. */
  subject?: string;
  /** Start from this instant (inclusive) to `until` (exclusive). */
  from?: Date;
  until?: Date;
  status?: MeetingStatus;
}

/** The derived status in SQL, the same rule as the contract's `meetingStatusOf`. */
export function statusSql(now: Date): SQL<number> {
  return sql<number>`CASE
    WHEN ${meetings.cancelledAt} IS NOT NULL THEN 3
    WHEN ${meetings.endedAt} IS NOT NULL OR ${meetings.endAt} <= ${now} THEN 2
    WHEN ${meetings.startedAt} IS NOT NULL OR ${meetings.startAt} <= ${now} THEN 1
    ELSE 0 END`;
}

/** Meetings of one company; no method reaches another company's rows. */
export const meetingsRepository = scoped(function meetingsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(meetings.companyId, scope.companyId);
  function where(f: MeetingFilter, now: Date): SQL | undefined {
    // The meetings the caller sees (an employee those they organise), whatever the filter.
    const c: (SQL | undefined)[] = [mine, visibleRows(scope, { employee: meetings.empId })];
    if (f.empId !== undefined) c.push(eq(meetings.empId, f.empId));
    if (f.subject) c.push(ilike(meetings.subject, containsPattern(f.subject)));
    if (f.from) c.push(gte(meetings.startAt, f.from));
    if (f.until) c.push(lt(meetings.startAt, f.until));
    if (f.status !== undefined) c.push(sql`${statusSql(now)} = ${f.status}`);
    return and(...c);
  }
  return {
    insert: (m: MeetingInsert) =>
      db
        .insert(meetings)
        .values({ ...m, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as MeetingRow),
    byId: (id: number) =>
      db
        .select()
        .from(meetings)
        .where(and(mine, eq(meetings.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** The row locked for the rest of the transaction, so status changes and added visitors are applied one at a time. */
    lock: (id: number) =>
      db
        .select()
        .from(meetings)
        .where(and(mine, eq(meetings.id, id)))
        .for('update')
        .then((r) => r[0]),
    async page(f: MeetingFilter, offset: number, limit: number, now: Date) {
      const [rows, total] = await Promise.all([
        db.select().from(meetings).where(where(f, now)).orderBy(desc(meetings.startAt), desc(meetings.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(meetings).where(where(f, now)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    list: (f: MeetingFilter, limit: number, now: Date) =>
      db.select().from(meetings).where(where(f, now)).orderBy(desc(meetings.startAt), desc(meetings.id)).limit(limit),
    /** Other meetings of this subject (any case) starting in [from, until), not cancelled. */
    sameSubject: (subject: string, from: Date, until: Date, exceptId: number | null) =>
      db
        .select({ id: meetings.id })
        .from(meetings)
        .where(
          and(
            mine,
            sql`lower(${meetings.subject}) = lower(${subject})`,
            gte(meetings.startAt, from),
            lt(meetings.startAt, until),
            sql`${meetings.cancelledAt} IS NULL`,
            exceptId === null ? undefined : sql`${meetings.id} <> ${exceptId}`,
          ),
        )
        .limit(1),
    update: (id: number, set: Partial<MeetingInsert>) =>
      db
        .update(meetings)
        .set({ ...set, updatedAt: new Date() })
        .where(and(mine, eq(meetings.id, id)))
        .returning()
        .then((r) => r[0]),
  };
});

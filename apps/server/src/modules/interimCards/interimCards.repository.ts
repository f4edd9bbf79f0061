import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { interimCards } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type InterimCardRow = typeof interimCards.$inferSelect;
export type InterimCardInsert = Omit<typeof interimCards.$inferInsert, 'id' | 'companyId'>;

/** The list's filters, days already turned into moments by the service. */
export interface InterimCardFilter {
  from?: Date;
  until?: Date;
  empId?: number;
  name?: string;
  empNo?: string;
  cardNo?: string;
  statuses?: number[];
  /** Only lent cards due before this moment. */
  overdueAt?: Date;
}

/** One company's temporary cards. */
export function interimCardsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const c = interimCards;
  const mine = eq(c.companyId, scope.companyId);
  const matching = (f: InterimCardFilter): SQL[] => {
    // The cards the caller sees (an employee their own), whatever the filter.
    const visible = visibleRows(scope, { employee: c.empId });
    const w: SQL[] = visible ? [mine, visible] : [mine];
    if (f.from) w.push(gte(c.submittedAt, f.from));
    if (f.until) w.push(lt(c.submittedAt, f.until));
    if (f.empId !== undefined) w.push(eq(c.empId, f.empId));
    if (f.name) w.push(ilike(c.name, containsPattern(f.name)));
    if (f.empNo) w.push(eq(c.empNo, f.empNo));
    if (f.cardNo) w.push(sql`lower(${c.cardNo}) = lower(${f.cardNo})`);
    if (f.statuses) w.push(inArray(c.status, f.statuses));
    if (f.overdueAt) w.push(eq(c.status, 1), lt(c.dueAt, f.overdueAt));
    return w;
  };
  /** Moves a card from one status to another only if it is still in the first: two desks cannot both act. */
  const transition = (id: number, from: readonly number[], values: Partial<InterimCardInsert>) =>
    db
      .update(c)
      .set(values)
      .where(and(mine, eq(c.id, id), inArray(c.status, [...from])))
      .returning()
      .then((r): InterimCardRow | undefined => r[0]);
  return {
    byId: (id: number) =>
      db
        .select()
        .from(c)
        .where(and(mine, eq(c.id, id)))
        .then((r): InterimCardRow | undefined => r[0]),
    async page(f: InterimCardFilter, offset: number, limit: number) {
      const where = and(...matching(f));
      const [rows, total] = await Promise.all([
        db.select().from(c).where(where).orderBy(desc(c.submittedAt), desc(c.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(c).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Keyset-paged read for exports: the next `limit` matching cards below id `before` (0: from the newest). */
    batchBefore: (f: InterimCardFilter, before: number, limit: number) =>
      db
        .select()
        .from(c)
        .where(and(...matching(f), ...(before > 0 ? [lt(c.id, before)] : [])))
        .orderBy(desc(c.id))
        .limit(limit),
    /** Whether this card number is lent now (letters in either case). */
    lentNumber: (cardNo: string) =>
      db
        .select({ id: c.id })
        .from(c)
        .where(and(mine, eq(c.status, 1), sql`lower(${c.cardNo}) = lower(${cardNo})`))
        .limit(1)
        .then((r) => r.length > 0),
    /** The employee holding this card number now, for the door readers. */
    lentTo: (cardNo: string) =>
      db
        .select({ empId: c.empId, dueAt: c.dueAt })
        .from(c)
        .where(and(mine, eq(c.status, 1), sql`lower(${c.cardNo}) = lower(${cardNo})`))
        .limit(1)
        .then((r) => r[0]),
    /** Cards lent to employees now (overdue or not), for the door devices that keep people. */
    lentToEmployees: () =>
      db
        .select({ empId: c.empId, cardNo: c.cardNo, dueAt: c.dueAt })
        .from(c)
        .where(and(mine, eq(c.status, 1), sql`${c.empId} IS NOT NULL`, sql`${c.cardNo} <> ''`)),
    insert: (v: InterimCardInsert) =>
      db
        .insert(c)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as InterimCardRow),
    transition,
  };
}

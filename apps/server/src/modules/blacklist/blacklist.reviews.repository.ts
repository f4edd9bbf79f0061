import { and, count, desc, eq, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { screeningReviews, visits } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, type TenantScope } from '../../platform/identity/tenancy.js';

export type ReviewRow = typeof screeningReviews.$inferSelect;
export type ReviewInsert = Pick<
  typeof screeningReviews.$inferInsert,
  'subject' | 'subjectId' | 'visitId' | 'name' | 'phone' | 'channel' | 'matches' | 'resume'
>;

/** The screening review queue of one company. */
export function reviewsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(screeningReviews.companyId, scope.companyId);
  return {
    /** A new waiting review (`held`), or the one already waiting for that subject. */
    async hold(v: ReviewInsert): Promise<{ row: ReviewRow; held: boolean }> {
      const [row] = await db
        .insert(screeningReviews)
        .values({ ...v, companyId: scope.companyId })
        .onConflictDoNothing()
        .returning();
      if (row) return { row, held: true };
      const [waiting] = await db
        .select()
        .from(screeningReviews)
        .where(
          and(mine, eq(screeningReviews.subject, v.subject), eq(screeningReviews.subjectId, v.subjectId), eq(screeningReviews.status, 'waiting')),
        );
      if (!waiting) throw new Error('screening review neither inserted nor found');
      return { row: waiting, held: false };
    },
    async page(state: 'waiting' | 'decided', name: string | undefined, offset: number, limit: number) {
      const c: SQL[] = [mine, state === 'waiting' ? eq(screeningReviews.status, 'waiting') : ne(screeningReviews.status, 'waiting')];
      if (name) c.push(or(ilike(screeningReviews.name, containsPattern(name)), ilike(screeningReviews.phone, containsPattern(name))) as SQL);
      const order =
        state === 'waiting' ? [screeningReviews.createdAt, screeningReviews.id] : [desc(screeningReviews.decidedAt), desc(screeningReviews.id)];
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(screeningReviews)
          .where(and(...c))
          .orderBy(...order)
          .offset(offset)
          .limit(limit),
        db
          .select({ n: count() })
          .from(screeningReviews)
          .where(and(...c)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** A visit's waiting review, else its latest decided one. */
    latestOfVisit: (visitId: number) =>
      db
        .select()
        .from(screeningReviews)
        .where(and(mine, eq(screeningReviews.visitId, visitId)))
        .orderBy(sql`${screeningReviews.status} = 'waiting' DESC`, desc(screeningReviews.createdAt), desc(screeningReviews.id))
        .limit(1)
        .then((r): ReviewRow | undefined => r[0]),
    byId: (id: number) =>
      db
        .select()
        .from(screeningReviews)
        .where(and(mine, eq(screeningReviews.id, id)))
        .then((r): ReviewRow | undefined => r[0]),
    /** The decision, only on a review still waiting (of two at once, the second finds none). */
    decide: (id: number, v: { status: 'allowed' | 'refused'; decidedBy: string; remark: string }) =>
      db
        .update(screeningReviews)
        .set({ ...v, decidedAt: new Date() })
        .where(and(mine, eq(screeningReviews.id, id), eq(screeningReviews.status, 'waiting')))
        .returning()
        .then((r): ReviewRow | undefined => r[0]),
    /** Whether the subject has a review in this state (waiting: it waits for a reviewer; allowed: it is let go). */
    inState: (subject: string, subjectId: number, status: 'waiting' | 'allowed') =>
      db
        .select({ id: screeningReviews.id })
        .from(screeningReviews)
        .where(and(mine, eq(screeningReviews.subject, subject), eq(screeningReviews.subjectId, subjectId), eq(screeningReviews.status, status)))
        .limit(1)
        .then((r) => r.length > 0),
  };
}

/** The queue's upkeep: reviews withdrawn when nobody needs them any more, a person's details forgotten. */
export function reviewsUpkeepRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(screeningReviews.companyId, scope.companyId);
  return {
    /** Waiting reviews of visits whose time (leave-by, expected, else registration) is before `before`: withdrawn. */
    withdrawPassed: (before: Date) =>
      db
        .update(screeningReviews)
        .set({ status: 'withdrawn', decidedAt: new Date() })
        .where(
          and(
            mine,
            eq(screeningReviews.status, 'waiting'),
            inArray(
              screeningReviews.visitId,
              db
                .select({ id: visits.id })
                .from(visits)
                .where(
                  and(
                    eq(visits.companyId, scope.companyId),
                    lt(sql`coalesce(${visits.leaveAt}, ${visits.appointmentAt}, ${visits.createdAt})`, before),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: screeningReviews.id })
        .then((r) => r.length),
    /** A person's details forgotten from the reviews of these subjects (retention, erasure): the phone, or name and phone. */
    forget: (subject: string, subjectIds: readonly number[], what: 'contact' | 'all') =>
      subjectIds.length
        ? db
            .update(screeningReviews)
            .set(what === 'all' ? { name: '', phone: '' } : { phone: '' })
            .where(and(mine, eq(screeningReviews.subject, subject), inArray(screeningReviews.subjectId, [...subjectIds])))
        : Promise.resolve(),
    /** The waiting reviews of subjects that went away (a visit called off): withdrawn. */
    withdraw: (subject: string, subjectIds: number[]) =>
      db
        .update(screeningReviews)
        .set({ status: 'withdrawn', decidedAt: new Date() })
        .where(
          and(mine, eq(screeningReviews.subject, subject), inArray(screeningReviews.subjectId, subjectIds), eq(screeningReviews.status, 'waiting')),
        ),
  };
}

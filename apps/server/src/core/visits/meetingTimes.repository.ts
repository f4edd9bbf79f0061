import { and, eq } from 'drizzle-orm';
import { meetings } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** What a meeting's times are read from (a full row fits too). */
export type MeetingTimesRow = Pick<typeof meetings.$inferSelect, 'startAt' | 'endAt' | 'startedAt' | 'endedAt' | 'cancelledAt'>;

/** The columns a meeting's check-in window needs (its rows are the meetings module's; this reads, never writes). */
export const meetingTimesRepository = scoped(function meetingTimesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const m = meetings;
  return {
    byId: (id: number) =>
      db
        .select({
          subject: m.subject,
          address: m.address,
          startAt: m.startAt,
          endAt: m.endAt,
          startedAt: m.startedAt,
          endedAt: m.endedAt,
          cancelledAt: m.cancelledAt,
        })
        .from(m)
        .where(and(eq(m.companyId, scope.companyId), eq(m.id, id)))
        .limit(1)
        .then((r) => r[0]),
  };
});

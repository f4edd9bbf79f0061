import { eq, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { visits } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The visit queries that must cross companies; each says why. */
export function visitsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /**
     * Why across companies: the automatic sign-out job sweeps every company at once. Visits signed in past their leave
     * time, in companies with a leave expiry set, are signed out as of their leave time, each with a history row.
     * Answers how many per company.
     */
    /** The visits signed out, as they are now. */
    async signOutOverdue(now: Date): Promise<(typeof visits.$inferSelect)[]> {
      const rows = await selectRows<{ visit_id: number }>(
        db,
        sql`
        WITH moved AS (
          UPDATE visits v SET status = 'signedOut', sign_out_at = v.leave_at, sign_out_op = 'auto', updated_at = now()
          FROM companies c
          WHERE v.company_id = c.id AND v.status = 'signedIn' AND v.leave_at IS NOT NULL AND v.leave_at < ${now}
            AND coalesce((c.settings->>'leaveExpiryTime')::int, 0) > 0
          RETURNING v.id, v.company_id
        )
        INSERT INTO visit_events (company_id, visit_id, event, from_status, to_status, actor, note)
        SELECT company_id, id, 'signOut', 'signedIn', 'signedOut', 'auto', 'leave time passed' FROM moved
        RETURNING visit_id`,
      );
      return rows.length
        ? db
            .select()
            .from(visits)
            .where(
              inArray(
                visits.id,
                rows.map((r) => r.visit_id),
              ),
            )
        : [];
    },
    /**
     * Why across companies: an invitation link has no session; the SHA-256 of its token is what identifies the visit
     * and so the visitor's company.
     */
    byInviteToken: (tokenHash: string): Promise<typeof visits.$inferSelect | undefined> =>
      db
        .select()
        .from(visits)
        .where(eq(visits.inviteTokenHash, tokenHash))
        .limit(1)
        .then((r) => r[0]),
  };
}

import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The statistics queries that must cross companies; each says why. */
export function reportsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /**
     * Why across companies: the daily-summary job sweeps every company at once to find those with closed days not
     * yet stored. For each company with a visit before `until`: its first check-in or expected time, how many
     * sub-companies it has, and how many summary rows (every scope: the company and each sub-company) it stores for
     * the days from `startDay` (also from its first visit's day) to before `endDay`. One index probe per company.
     */
    async summaryCoverage(startDay: string, endDay: string, until: Date) {
      const rows = await selectRows<{ companyId: number; first: Date | string; subs: number; stored: number }>(
        db,
        sql`
        SELECT c.id AS "companyId", f.first,
          (SELECT count(*)::int FROM sub_accounts sa WHERE sa.company_id = c.id) AS subs,
          (SELECT count(*)::int FROM visit_day_stats s
            WHERE s.company_id = c.id AND s.day >= ${startDay} AND s.day < ${endDay} AND s.day_until > f.first
              AND (s.scope = 0 OR s.scope IN (SELECT sa.id FROM sub_accounts sa WHERE sa.company_id = c.id))) AS stored
        FROM companies c
          CROSS JOIN LATERAL (SELECT least((SELECT min(v.visit_at) FROM visits v WHERE v.company_id = c.id),
            (SELECT min(v.appointment_at) FROM visits v WHERE v.company_id = c.id)) AS first) f
        WHERE f.first < ${until.toISOString()}::timestamptz`,
      );
      return rows.map((r) => ({
        ...r,
        first: new Date(r.first),
      }));
    },
  };
}

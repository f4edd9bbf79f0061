import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { type DayStats, departments, employeeDepartments, visitDayStats } from '../../db/schema/index.js';
import { dbOf, type TenantScope } from '../../platform/tenancy.js';

export type { DayStats };

export interface DayBounds {
  day: string;
  from: Date;
  until: Date;
}

/** Statistics rows of one company, optionally of one sub-company (`subAccountId`); nothing reaches another company. */
export function reportsRepository(tenant: TenantScope, subAccountId?: number) {
  const db = dbOf(tenant);
  const scope = { companyId: tenant.companyId, subAccountId };
  const key = scope.subAccountId ?? 0;
  const sub = scope.subAccountId === undefined ? sql`` : sql` AND v.sub_account_id = ${scope.subAccountId}`;
  const daysJson = (days: DayBounds[]) => JSON.stringify(days.map((d) => ({ day: d.day, f: d.from.toISOString(), u: d.until.toISOString() })));
  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

  return {
    async stored(startDay: string, endDay: string) {
      const rows = await db
        .select({ day: visitDayStats.day, stats: visitDayStats.stats })
        .from(visitDayStats)
        .where(
          and(
            eq(visitDayStats.companyId, scope.companyId),
            eq(visitDayStats.scope, key),
            gte(visitDayStats.day, startDay),
            lte(visitDayStats.day, endDay),
          ),
        );
      return new Map(rows.map((r) => [r.day, r.stats]));
    },

    async store(days: DayBounds[], stats: Map<string, DayStats>) {
      if (!days.length) return;
      await db
        .insert(visitDayStats)
        .values(
          days.map((d) => ({
            companyId: scope.companyId,
            scope: key,
            day: d.day,
            dayFrom: d.from,
            dayUntil: d.until,
            stats: stats.get(d.day) ?? emptyDay(),
          })),
        )
        .onConflictDoNothing();
    },

    /**
     * Statistics of these days from the visits themselves: one scan of the check-ins (grouping sets) and one of the
     * invitations expected (up to `now`). Hours are counted from the day's start (the server's zone).
     */
    async compute(days: DayBounds[], now: Date): Promise<Map<string, DayStats>> {
      const out = new Map(days.map((d) => [d.day, emptyDay()]));
      if (!days.length) return out;
      // The whole span as constants too: the planner then bounds its index range scan (it cannot from d's rows).
      const lo = sql`${days[0]?.from.toISOString()}::timestamptz`;
      const hi = sql`${days.at(-1)?.until.toISOString()}::timestamptz`;
      const d = sql`jsonb_to_recordset(${daysJson(days)}::jsonb) AS d(day text, f timestamptz, u timestamptz)`;
      const came = rowsOf<{
        day: string;
        kind: string | null;
        hour: number | null;
        emp: number | null;
        vtype: string | null;
        reason: string | null;
        gk: number;
        gh: number;
        ge: number;
        gt: number;
        n: number;
        stay: number;
        stays: number;
      }>(
        await db.execute(sql`
          SELECT d.day, v.kind, floor(extract(epoch FROM v.visit_at - d.f) / 3600)::int AS hour, v.emp_id AS emp,
            v.visit_type AS vtype, v.visit_reason AS reason,
            grouping(v.kind) AS gk, grouping(floor(extract(epoch FROM v.visit_at - d.f) / 3600)::int) AS gh,
            grouping(v.emp_id) AS ge, grouping(v.visit_type) AS gt, count(*)::int AS n,
            coalesce(sum(extract(epoch FROM v.sign_out_at - v.visit_at)) FILTER (WHERE v.sign_out_at >= v.visit_at), 0)::float8 AS stay,
            (count(*) FILTER (WHERE v.sign_out_at >= v.visit_at))::int AS stays
          FROM ${d} JOIN visits v ON v.company_id = ${scope.companyId} AND v.visit_at >= ${lo} AND v.visit_at < ${hi} AND v.visit_at >= d.f AND v.visit_at < d.u${sub}
          GROUP BY GROUPING SETS ((d.day, v.kind), (d.day, floor(extract(epoch FROM v.visit_at - d.f) / 3600)::int),
            (d.day, v.emp_id), (d.day, v.visit_type), (d.day, v.visit_reason))`),
      );
      for (const r of came) {
        const s = out.get(r.day);
        if (!s) continue;
        if (Number(r.gk) === 0) {
          s.kinds[r.kind ?? ''] = r.n;
          s.staySeconds += Number(r.stay);
          s.stays += r.stays;
        } else if (Number(r.gh) === 0) {
          const h = Math.min(23, Math.max(0, r.hour ?? 0));
          s.hours[h] = (s.hours[h] ?? 0) + r.n;
        } else if (Number(r.ge) === 0) s.emps[r.emp === null ? '' : String(r.emp)] = r.n;
        else if (Number(r.gt) === 0) s.types[r.vtype ?? ''] = r.n;
        else s.reasons[r.reason ?? ''] = r.n;
      }
      const invited = rowsOf<{ day: string; inv: number; ns: number }>(
        await db.execute(sql`
          SELECT d.day,
            (count(*) FILTER (WHERE v.visit_at IS NOT NULL OR v.status NOT IN ('refused', 'ended')))::int AS inv,
            (count(*) FILTER (WHERE v.visit_at IS NULL AND v.status NOT IN ('refused', 'ended')))::int AS ns
          FROM ${d} JOIN visits v ON v.company_id = ${scope.companyId} AND v.kind IN ('invite', 'appointment')
            AND v.appointment_at >= ${lo} AND v.appointment_at < ${hi}
            AND v.appointment_at >= d.f AND v.appointment_at < d.u AND v.appointment_at < ${now.toISOString()}::timestamptz${sub}
          GROUP BY d.day`),
      );
      for (const r of invited) {
        const s = out.get(r.day);
        if (!s) continue;
        s.invitations = r.inv;
        s.noShows = r.ns;
      }
      return out;
    },

    departments: () =>
      db
        .select({ id: departments.id, name: departments.name, parentId: departments.parentId })
        .from(departments)
        .where(eq(departments.companyId, scope.companyId)),

    memberships: () =>
      db
        .select({ empId: employeeDepartments.empId, deptId: employeeDepartments.deptId })
        .from(employeeDepartments)
        .where(eq(employeeDepartments.companyId, scope.companyId)),
  };
}

export function emptyDay(): DayStats {
  return { kinds: {}, hours: Array(24).fill(0), emps: {}, types: {}, reasons: {}, staySeconds: 0, stays: 0, invitations: 0, noShows: 0 };
}

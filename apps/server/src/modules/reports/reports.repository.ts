import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type DayStats, departments, employeeDepartments, subAccounts, visitDayStats } from '../../db/schema/index.js';
import { dbOf, type TenantScope } from '../../platform/identity/tenancy.js';

export type { DayStats };

export interface DayBounds {
  day: string;
  from: Date;
  until: Date;
}

/** Statistics of each scope (0: the whole company, else a sub-company's id), each of its days. */
export type ScopedStats = Map<number, Map<string, DayStats>>;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Contiguous runs of days (each day's `until` is the next one's `from`): each run is one range scan. */
export function runsOf(days: DayBounds[]): DayBounds[][] {
  const runs: DayBounds[][] = [];
  for (const d of days) {
    const last = runs.at(-1);
    if (last && last.at(-1)?.until.getTime() === d.from.getTime()) last.push(d);
    else runs.push([d]);
  }
  return runs;
}

/** Statistics rows of one company, optionally of one sub-company (`subAccountId`); nothing reaches another company. */
export function reportsRepository(tenant: TenantScope, subAccountId?: number) {
  const db = dbOf(tenant);
  const companyId = tenant.companyId;
  const key = subAccountId ?? 0;
  type Run = { b: ReturnType<typeof sql>; lo?: string; hi?: string; perSub: boolean };
  // The scope a grouped row counts for: the company's (sub rolled up) or a sub-company's; visits of no sub-company
  // have a null one in the sub-company sets. Without those sets sub is no grouped column, which grouping() refuses.
  const scopeOf = (q: Run) => (q.perSub ? sql.raw('CASE WHEN grouping(sub) = 1 THEN 0 ELSE sub END') : sql`${key}::int`);

  const self = {
    /** Whether the job stores this scope's days (the company, or one of its sub-companies). */
    fillable: key >= 0,

    /** The stored days of this scope. */
    async stored(startDay: string, endDay: string) {
      const rows = await db
        .select({ day: visitDayStats.day, stats: visitDayStats.stats })
        .from(visitDayStats)
        .where(
          and(eq(visitDayStats.companyId, companyId), eq(visitDayStats.scope, key), gte(visitDayStats.day, startDay), lte(visitDayStats.day, endDay)),
        );
      return new Map(rows.map((r) => [r.day, r.stats]));
    },

    /** `scope:day` of every stored row of these scopes in the range (the fill job's "what is missing"). */
    async storedKeys(startDay: string, endDay: string, scopes: number[]): Promise<Set<string>> {
      const rows = await db
        .select({ scope: visitDayStats.scope, day: visitDayStats.day })
        .from(visitDayStats)
        .where(
          and(
            eq(visitDayStats.companyId, companyId),
            inArray(visitDayStats.scope, scopes),
            gte(visitDayStats.day, startDay),
            lte(visitDayStats.day, endDay),
          ),
        );
      return new Set(rows.map((r) => `${r.scope}:${r.day}`));
    },

    /** The company's sub-companies: each is a scope of its own. */
    subCompanies: async () =>
      (await db.select({ id: subAccounts.id }).from(subAccounts).where(eq(subAccounts.companyId, companyId))).map((r) => r.id),

    /** Stores computed days of every scope; a row already there is left alone (a concurrent fill stored the same). */
    async storeAll(days: DayBounds[], stats: ScopedStats) {
      const rows = [...stats].flatMap(([scope, byDay]) =>
        days.map((d) => ({ companyId, scope, day: d.day, dayFrom: d.from, dayUntil: d.until, stats: byDay.get(d.day) ?? emptyDay() })),
      );
      for (let i = 0; i < rows.length; i += 2000)
        await db
          .insert(visitDayStats)
          .values(rows.slice(i, i + 2000))
          .onConflictDoNothing();
    },

    /**
     * Statistics of these days from the visits themselves, for this repository's scope, or with `subScopes` for the
     * whole company and each of those sub-companies at once. Each run of consecutive days is one scan of its
     * check-ins and one of its invitations expected (up to `now`), grouped by the day the timestamp falls in
     * (width_bucket over the days' starts, so days are exactly the server zone's, 23- and 25-hour days included).
     * Hours are counted from the day's start.
     */
    async compute(days: DayBounds[], now: Date, subScopes?: number[]): Promise<ScopedStats> {
      const scopes = subScopes ? [0, ...subScopes] : [key];
      const out: ScopedStats = new Map(scopes.map((s) => [s, new Map(days.map((d) => [d.day, emptyDay()]))]));
      for (const run of runsOf(days)) {
        const bounds = [...run.map((d) => d.from), run.at(-1)?.until ?? new Date(0)];
        const b = sql`${`{${bounds.map((t) => t.toISOString()).join(',')}}`}::timestamptz[]`;
        const q = { b, lo: bounds[0]?.toISOString(), hi: bounds.at(-1)?.toISOString(), perSub: !!subScopes };
        const at = (row: { b: number; scope: number }) => out.get(row.scope)?.get(run[row.b - 1]?.day ?? '');
        for (const r of await came(q)) {
          const s = at(r);
          if (!s) continue;
          s.kinds = r.kinds ?? {};
          for (const stay of Object.values(r.kstay ?? {})) s.staySeconds += stay;
          s.stays = r.stays;
          for (const [hour, n] of Object.entries(r.hours ?? {})) {
            const h = Math.min(23, Math.max(0, Number(hour)));
            s.hours[h] = (s.hours[h] ?? 0) + n;
          }
          s.emps = r.emps ?? {};
          s.types = r.types ?? {};
          s.reasons = r.reasons ?? {};
        }
        for (const r of await invited(q, now)) {
          const s = at(r);
          if (!s) continue;
          s.invitations = r.inv;
          s.noShows = r.ns;
        }
      }
      return out;
    },

    /** This scope's statistics of these days, computed from the visits (today's, or closed days not stored yet). */
    live: async (days: DayBounds[], now: Date) => (await self.compute(days, now)).get(key) ?? new Map<string, DayStats>(),

    departments: () =>
      db
        .select({ id: departments.id, name: departments.name, parentId: departments.parentId })
        .from(departments)
        .where(eq(departments.companyId, companyId)),

    memberships: () =>
      db
        .select({ empId: employeeDepartments.empId, deptId: employeeDepartments.deptId })
        .from(employeeDepartments)
        .where(eq(employeeDepartments.companyId, companyId)),
  };
  return self;

  /**
   * The check-ins of a run: one scan, grouping sets per day (and per sub-company of the day when `perSub`), folded
   * into one row per day and scope whose counts are JSON objects (a year of per-host rows would cost more to carry
   * to the server than to count).
   */
  async function came(q: Run) {
    const only = subAccountId === undefined ? sql`` : sql` AND sub_account_id = ${subAccountId}`;
    const per = (dims: string[]) =>
      sql.raw(dims.map((x) => `(b, ${x})`).join(', ') + (q.perSub ? `, ${dims.map((x) => `(b, sub, ${x})`).join(', ')}` : ''));
    type Counts = Record<string, number> | null;
    return rowsOf<{
      b: number;
      scope: number;
      kinds: Counts;
      kstay: Counts;
      stays: number;
      hours: Counts;
      emps: Counts;
      types: Counts;
      reasons: Counts;
    }>(
      await db.execute(sql`
        SELECT b, scope, jsonb_object_agg(kind, n) FILTER (WHERE gk = 0) AS kinds, jsonb_object_agg(kind, stay) FILTER (WHERE gk = 0) AS kstay,
          coalesce(sum(stays) FILTER (WHERE gk = 0), 0)::int AS stays, jsonb_object_agg(hr, n) FILTER (WHERE gh = 0) AS hours,
          jsonb_object_agg(coalesce(emp::text, ''), n) FILTER (WHERE ge = 0) AS emps,
          jsonb_object_agg(vtype, n) FILTER (WHERE gt = 0) AS types, jsonb_object_agg(reason, n) FILTER (WHERE gr = 0) AS reasons
        FROM (
          SELECT b, ${scopeOf(q)} AS scope, kind, hr, emp, vtype, reason, grouping(kind) AS gk, grouping(hr) AS gh, grouping(emp) AS ge,
            grouping(vtype) AS gt, grouping(reason) AS gr, count(*)::int AS n, coalesce(sum(stay), 0)::float8 AS stay, count(stay)::int AS stays
          FROM (
            SELECT width_bucket(visit_at, ${q.b}) AS b, sub_account_id AS sub, kind, emp_id AS emp, visit_type AS vtype, visit_reason AS reason,
              floor(extract(epoch FROM visit_at - (${q.b})[width_bucket(visit_at, ${q.b})]) / 3600)::int AS hr,
              CASE WHEN sign_out_at >= visit_at THEN extract(epoch FROM sign_out_at - visit_at) END AS stay
            FROM visits
            WHERE company_id = ${companyId} AND visit_at >= ${q.lo}::timestamptz AND visit_at < ${q.hi}::timestamptz${only}
          ) v
          GROUP BY GROUPING SETS (${per(['kind', 'hr', 'emp', 'vtype', 'reason'])})
        ) g
        WHERE scope IS NOT NULL
        GROUP BY b, scope`),
    );
  }

  /** The invitations expected in a run before `now`: how many, and how many never came. */
  async function invited(q: Run, now: Date) {
    const only = subAccountId === undefined ? sql`` : sql` AND sub_account_id = ${subAccountId}`;
    return rowsOf<{ b: number; scope: number; inv: number; ns: number }>(
      await db.execute(sql`
        SELECT b, ${scopeOf(q)} AS scope,
          (count(*) FILTER (WHERE visit_at IS NOT NULL OR status NOT IN ('refused', 'ended')))::int AS inv,
          (count(*) FILTER (WHERE visit_at IS NULL AND status NOT IN ('refused', 'ended')))::int AS ns
        FROM (
          SELECT width_bucket(appointment_at, ${q.b}) AS b, sub_account_id AS sub, visit_at, status
          FROM visits
          WHERE company_id = ${companyId} AND kind IN ('invite', 'appointment') AND appointment_at >= ${q.lo}::timestamptz
            AND appointment_at < ${q.hi}::timestamptz AND appointment_at < ${now.toISOString()}::timestamptz${only}
        ) v
        GROUP BY GROUPING SETS (${sql.raw(q.perSub ? '(b), (b, sub)' : '(b)')})`),
    );
  }
}

export function emptyDay(): DayStats {
  return { kinds: {}, hours: Array(24).fill(0), emps: {}, types: {}, reasons: {}, staySeconds: 0, stays: 0, invitations: 0, noShows: 0 };
}

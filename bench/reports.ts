// Statistics benchmarks (issue 6 targets: p95 < 200 ms on PostgreSQL, < 1 s on PGlite): getAllVisitorLineChart,
// getVisitStatistics and getVisitorChartByDept over BENCH_REPORT_VISITS visits (default 1,000,000 over two years)
// of one company among 20, for a 30-day and a 366-day period, through the HTTP API, each against the bare SQL
// aggregate answering the same question in the same run. Issue 14: the per-day summary is filled by the background
// job, so the first statistics call of a year (after the job, as in production) must stay under 500 ms; reported with
// the job's fill time for a year and the first call before the job ran (closed days computed live), each against one
// plain GROUP BY over the same year, with the load average beside each figure.
// Alone: `node --import tsx bench/reports.ts` (PGlite, and PostgreSQL when TEST_DATABASE_URL).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema/index.js';
import { fillCompany, fillDaySummaries } from '../apps/server/src/modules/reports/reports.fill.js';
import { dayOf, periodBounds } from '../apps/server/src/platform/formats/days.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { systemScope } from '../apps/server/src/platform/identity/tenancy.js';
import { benchApp, loadAverage, timed } from './common.js';

const f1 = (n: number) => n.toFixed(1).padStart(7);

export async function reportsBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_REPORT_VISITS ?? 1_000_000);
  const OTHERS = Number(process.env.BENCH_REPORT_OTHER_VISITS ?? 20_000);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
  const { database, app, url, db } = await benchApp(kind);
  const tag = Date.now().toString(36);
  const passwordHash = await hashPassword('Bench#2026');
  const ids: number[] = [];
  for (let c = 0; c < 20; c++) {
    const [row] = await db
      .insert(companies)
      .values({ name: `Reports ${c} ${tag}`, email: `reports${c}.${tag}@example.com`, username: 'R', passwordHash, status: 1 })
      .returning();
    ids.push(row?.id ?? 0);
  }
  const id = ids[0] ?? 0;

  const t = performance.now();
  // 200 hosts in 20 departments (every tenth host in two), then the visits: one statement each, rows never in JS.
  await db.execute(sql`INSERT INTO departments (company_id, name) SELECT ${id}, 'Dept ' || g FROM generate_series(1, 20) g`);
  await db.execute(
    sql`INSERT INTO employees (company_id, name, phone) SELECT ${id}, 'Host ' || g, '138' || lpad(g::text, 8, '0') FROM generate_series(1, 200) g`,
  );
  await db.execute(sql`INSERT INTO employee_departments (company_id, emp_id, dept_id)
    SELECT ${id}, e.id, d.id FROM (SELECT id, row_number() OVER (ORDER BY id) r FROM employees WHERE company_id = ${id}) e
      JOIN (SELECT id, row_number() OVER (ORDER BY id) r FROM departments WHERE company_id = ${id}) d
      ON d.r = e.r % 20 + 1 OR (e.r % 10 = 0 AND d.r = (e.r / 10) % 20 + 1 AND d.r <> e.r % 20 + 1)`);
  const empIds = sql`(SELECT array_agg(id ORDER BY id) FROM employees WHERE company_id = ${id})`;
  // Two sub-companies: the summary job keeps their days too (every fourth visit is one's or the other's).
  await db.execute(sql`INSERT INTO sub_accounts (company_id, company_name, email, password_hash)
    SELECT ${id}, 'Tenant ' || g, 'tenant' || g || '.${sql.raw(tag)}@example.com', ${passwordHash} FROM generate_series(1, 2) g`);
  // Two years back from now, 63 s apart: kinds in a 6/2/1/1 mix, an invitation in 20 never honoured, stays of 20–140 min.
  const subIdsOf = (company: number) => sql`(SELECT array_agg(id ORDER BY id) FROM sub_accounts WHERE company_id = ${company})`;
  const seedVisits = (company: number, n: number, step: number) => sql`
    INSERT INTO visits (company_id, sub_account_id, kind, status, name, emp_id, visit_type, visit_reason, appointment_at, visit_at, sign_out_at, created_at)
    SELECT ${company}, CASE WHEN g % 4 = 1 THEN (${subIdsOf(company)})[1] WHEN g % 4 = 3 THEN (${subIdsOf(company)})[2] END, k.kind,
      CASE WHEN k.kind IN ('invite', 'appointment') AND g % 20 = 0 THEN 'expired' WHEN g % 500 = 0 THEN 'signedIn' ELSE 'signedOut' END,
      'Visitor ' || g, (${empIds})[g % 200 + 1], 'Type ' || (g % 15), 'Reason ' || (g % 25),
      CASE WHEN k.kind IN ('invite', 'appointment') THEN w END,
      CASE WHEN k.kind IN ('invite', 'appointment') AND g % 20 = 0 THEN NULL ELSE w END,
      CASE WHEN (k.kind IN ('invite', 'appointment') AND g % 20 = 0) OR g % 500 = 0 THEN NULL ELSE w + (20 + g % 120) * interval '1 minute' END, w
    FROM generate_series(1, ${n}) g
      CROSS JOIN LATERAL (SELECT now() - ((${n} - g) * ${step} * interval '1 second') AS w) t
      CROSS JOIN LATERAL (SELECT CASE WHEN g % 10 < 6 THEN 'walkin' WHEN g % 10 < 8 THEN 'invite' WHEN g % 10 < 9 THEN 'appointment' ELSE 'resident' END AS kind) k`;
  await db.execute(seedVisits(id, N, Math.floor((730 * 86_400) / N)));
  for (const other of ids.slice(1)) await db.execute(seedVisits(other, OTHERS, Math.floor((730 * 86_400) / OTHERS)));
  await db.execute(sql`ANALYZE`);
  const seedS = (performance.now() - t) / 1000;

  const send = (path: string, body: unknown, token?: string) =>
    fetch(`${url}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-coolvisit-token': token } : {}) },
      body: JSON.stringify(body),
    });
  // After a long job the server has closed the idle keep-alive socket the client would reuse: one retry.
  const post = async (path: string, body: unknown, token?: string) =>
    (await (await send(path, body, token).catch(() => send(path, body, token))).json()) as {
      status: number;
      reason: string;
      result: { token: string };
    };
  const admin = (await post('Login', { email: `reports0.${tag}@example.com`, password: 'Bench#2026' })).result.token;

  const today = dayOf(new Date());
  const back = (days: number) => dayOf(new Date(Date.now() - days * 86_400_000));
  const periods = [
    { label: '30 days', startDate: back(29), endDate: today },
    { label: '366 days', startDate: back(365), endDate: today },
  ];
  console.log(
    `Statistics over ${N.toLocaleString('en')} visits of one company + ${(19 * OTHERS).toLocaleString('en')} of 19 others (${kind}, seeded in ${seedS.toFixed(0)} s, ${ROUNDS} calls each; targets p95 < ${kind === 'pglite' ? '1000' : '200'} ms)`,
  );
  await firstCallOfAYear({ db, id, year: { startDate: back(365), endDate: today }, post: (name, body) => post(name, body, admin) });
  for (const p of periods) {
    const { from, until } = periodBounds(p.startDate, p.endDate);
    const visitsIn = sql`company_id = ${id} AND visit_at >= ${from.toISOString()}::timestamptz AND visit_at < ${until.toISOString()}::timestamptz`;
    const calls: { name: string; bare: SQL }[] = [
      { name: 'getAllVisitorLineChart', bare: sql`SELECT date_trunc('day', visit_at) d, kind, count(*) FROM visits WHERE ${visitsIn} GROUP BY 1, 2` },
      {
        name: 'getVisitStatistics',
        bare: sql`SELECT kind, extract(hour FROM visit_at) h, visit_type, visit_reason, count(*), avg(sign_out_at - visit_at) FROM visits WHERE ${visitsIn}
          GROUP BY GROUPING SETS ((kind), (extract(hour FROM visit_at)), (visit_type), (visit_reason))`,
      },
      {
        name: 'getVisitorChartByDept',
        bare: sql`SELECT ed.dept_id, count(*) FROM visits v LEFT JOIN employee_departments ed ON ed.emp_id = v.emp_id WHERE v.${sql.raw(`company_id = ${id}`)} AND v.visit_at >= ${from.toISOString()}::timestamptz AND v.visit_at < ${until.toISOString()}::timestamptz GROUP BY 1`,
      },
    ];
    for (const c of calls) {
      const body = { startDate: p.startDate, endDate: p.endDate };
      const c0 = performance.now();
      const first = await post(c.name, body, admin);
      const cold = performance.now() - c0; // the job has filled the closed days: only today is computed
      if (first.status !== 0) throw new Error(`${c.name}: ${first.status} ${first.reason}`);
      const api = await timed(ROUNDS, () => post(c.name, body, admin));
      const bare = await timed(Math.min(ROUNDS, 5), () => db.execute(c.bare));
      console.log(
        `  ${`${c.name} ${p.label}`.padEnd(34)} p50 ${f1(api.p50)} ms  p95 ${f1(api.p95)} ms  (first ${f1(cold)} ms)   bare SQL p50 ${f1(bare.p50)} ms  p95 ${f1(bare.p95)} ms   p95 = ${(api.p95 / bare.p95).toFixed(2)}x bare`,
      );
    }
  }
  await app.close();
  await database.close();
}

type Post = (name: string, body: unknown) => Promise<{ status: number; reason: string }>;

/**
 * Issue 14: the first statistics call of a year, before the summary job ran (closed days computed live, one pass)
 * and after it (as in production), and the job's fill time for that year, each beside one plain GROUP BY per day over
 * the same year measured in this run.
 */
async function firstCallOfAYear(o: { db: Db; id: number; year: { startDate: string; endDate: string }; post: Post }): Promise<void> {
  const { from, until } = periodBounds(o.year.startDate, o.year.endDate);
  const bare = sql`SELECT date_trunc('day', visit_at) d, count(*) FROM visits
    WHERE company_id = ${o.id} AND visit_at >= ${from.toISOString()}::timestamptz AND visit_at < ${until.toISOString()}::timestamptz GROUP BY 1`;
  const ms = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const call = async () => {
    const r = await o.post('getVisitStatistics', o.year);
    if (r.status !== 0) throw new Error(`getVisitStatistics: ${r.status} ${r.reason}`);
  };
  const base = await ms(() => o.db.execute(bare));
  console.log(`  one plain GROUP BY per day over the year        ${f1(base)} ms   (${loadAverage()})`);
  const live = await ms(call);
  console.log(`  first getVisitStatistics 366 days, job not run  ${f1(live)} ms = ${(live / base).toFixed(2)}x the GROUP BY   (${loadAverage()})`);
  const system = systemScope(o.db);
  const fill = await ms(() => fillCompany(system, o.id, o.year.startDate, new Date()));
  console.log(`  job: fill the year (company + 2 sub-companies)  ${f1(fill)} ms = ${(fill / base).toFixed(2)}x the GROUP BY   (${loadAverage()})`);
  const sweep = await ms(() => fillDaySummaries(system, new Date()));
  console.log(`  job: sweep the rest (20 companies, 2 years)     ${f1(sweep)} ms   (${loadAverage()})`);
  const first = await ms(call);
  const again = await ms(() => o.db.execute(bare));
  console.log(
    `  first getVisitStatistics 366 days, after job   ${f1(first)} ms = ${(first / again).toFixed(2)}x the GROUP BY (${f1(again)} ms now)   target < 500 ms   (${loadAverage()})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BENCH_REPORT_DB=postgres skips the PGlite run.
  if (process.env.BENCH_REPORT_DB !== 'postgres') await reportsBench('pglite');
  if (process.env.TEST_DATABASE_URL) await reportsBench('postgres');
  process.exit(0);
}

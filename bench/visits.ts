// Visits benchmarks (issue 4 targets): /SearchVisitByConditionPage latency over BENCH_VISITS visits (default 1,000,000;
// p50, p95 per filter) against the same page query run bare in SQL, kiosk walk-in throughput against a bare Fastify
// route, and ExportVisitorList of 100,000 (time, peak RSS growth). On PGlite, and on PostgreSQL under `npm run bench:pg`.
import { sql } from 'drizzle-orm';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/crypto.js';
import { benchApp, summary, timed } from './common.js';

interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
type Load = (url: string, body: unknown, headers?: Record<string, string>, connections?: number) => Promise<LoadFigures>;

const f1 = (n: number) => n.toFixed(1).padStart(6);

export async function visitsBench(load: Load, base: LoadFigures, kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_VISITS ?? 1_000_000);
  const { database, app, url, db } = await benchApp(kind);
  const tag = Date.now().toString(36);
  const [company] = await db
    .insert(companies)
    .values({
      name: `Visits Co ${tag}`,
      email: `visits.${tag}@example.com`,
      username: 'V',
      passwordHash: await hashPassword('Bench#2026'),
      status: 1,
    })
    .returning();
  const id = company?.id ?? 0;
  const [host] = await db.insert(employees).values({ companyId: id, name: 'Host', phone: '13800000000' }).returning();
  await db.insert(staffAccounts).values({
    companyId: id,
    account: `kiosk_${tag}`,
    name: 'Kiosk',
    sType: 4,
    passwordHash: await hashPassword('Bench#2026'),
    mustChangePassword: 0,
  });

  let t = performance.now();
  // A year of visits (31 s apart), newest last; one in 500 still on site. One statement: the rows never pass through JS.
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone, company, emp_id, emp_name, visit_at, sign_out_at, created_at)
    SELECT ${id}, 'walkin', CASE WHEN g % 500 = 0 THEN 'signedIn' ELSE 'signedOut' END, 'Visitor ' || g, '+86139' || lpad((g % 100000000)::text, 8, '0'),
      'Company ' || (g % 5000), ${host?.id ?? null}, 'Host', now() - ((${N} - g) * interval '31 seconds'),
      CASE WHEN g % 500 = 0 THEN NULL ELSE now() - ((${N} - g) * interval '31 seconds') + interval '2 hours' END, now() - ((${N} - g) * interval '31 seconds')
    FROM generate_series(1, ${N}) g`);
  await db.execute(sql`ANALYZE visits`);
  const seedS = (performance.now() - t) / 1000;

  const post = async (path: string, body: unknown, token?: string) =>
    (await fetch(`${url}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-coolvisit-token': token } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { status: number; result: { token: string; count: number; countCapped: boolean } };
  const admin = (await post('Login', { email: `visits.${tag}@example.com`, password: 'Bench#2026' })).result.token;
  const kiosk = (await post('Login', { email: `kiosk_${tag}`, password: 'Bench#2026' })).result.token;

  const day = (d: Date) => d.toISOString().slice(0, 10);
  const today = day(new Date());
  const halfYear = day(new Date(Date.now() - 182 * 86_400_000));
  const start = (d: string) => new Date(`${d}T00:00:00`);
  const end = (d: string) => new Date(start(d).getTime() + 86_400_000);
  const when = sql`coalesce(visit_at, appointment_at, created_at)`;
  // Each filter as the console sends it, and the same page as one bare SQL query (no HTTP, session, count).
  const queries: { label: string; body: Record<string, unknown>; bare: ReturnType<typeof sql> }[] = [
    { label: 'no filter', body: {}, bare: sql`TRUE` },
    { label: 'name %Visitor 99%', body: { name: 'Visitor 99' }, bare: sql`name ILIKE '%Visitor 99%'` },
    { label: 'phone %12345%', body: { phone: '12345' }, bare: sql`phone ILIKE '%12345%'` },
    {
      label: 'company + half a year',
      body: { vcompany: 'Company 42', date: halfYear, endDate: today },
      bare: sql`company ILIKE '%Company 42%' AND ${when} >= ${start(halfYear)} AND ${when} < ${end(today)}`,
    },
    { label: 'on site now', body: { onSite: true }, bare: sql`visit_at IS NOT NULL AND sign_out_at IS NULL` },
    {
      label: 'signed out today',
      body: { status: 'signedOut', date: today, endDate: today },
      bare: sql`status = 'signedOut' AND ${when} >= ${start(today)} AND ${when} < ${end(today)}`,
    },
  ];
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
  const apiAll: number[] = [];
  const bareAll: number[] = [];
  const lines: string[] = [];
  for (const q of queries) {
    let answer = { count: 0, countCapped: false };
    const api = await timed(ROUNDS, async () => {
      answer = (await post('SearchVisitByConditionPage', { ...q.body, requestedCount: 20 }, admin)).result;
    });
    const bare = await timed(ROUNDS, () =>
      db.execute(sql`SELECT * FROM visits WHERE company_id = ${id} AND ${q.bare} AND kind <> 'resident' ORDER BY ${when} DESC, id DESC LIMIT 20`),
    );
    apiAll.push(...api.ms);
    bareAll.push(...bare.ms);
    lines.push(
      `  ${q.label.padEnd(24)} p50 ${f1(api.p50)} ms  p95 ${f1(api.p95)} ms   bare p50 ${f1(bare.p50)} ms  p95 ${f1(bare.p95)} ms   total ${answer.count.toLocaleString('en')}${answer.countCapped ? '+' : ''}`,
    );
  }
  const api = summary(apiAll);
  const bare = summary(bareAll);
  console.log(
    `SearchVisitByConditionPage over ${N.toLocaleString('en')} visits (${kind}, seeded in ${seedS.toFixed(0)} s, ${ROUNDS} calls per filter): p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms; bare SQL page p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms (p95 = ${(api.p95 / bare.p95).toFixed(1)}x bare)`,
  );
  for (const l of lines) console.log(l);

  const walkIn = await load(`${url}/UpdatePhoto`, { vname: '访客', vphone: '13911112222', empid: host?.id }, { 'x-coolvisit-token': kiosk }, 10);
  console.log(
    `kiosk walk-in UpdatePhoto (${kind}, ${N.toLocaleString('en')} visits): ${walkIn.rps.toFixed(0)} req/s p50 ${walkIn.p50} ms p99 ${walkIn.p99} ms errors ${walkIn.errors}, ${((walkIn.rps / base.rps) * 100).toFixed(1)}% of bare (${base.rps.toFixed(0)} req/s)`,
  );

  // Export the latest 100,000 (about 36 days at 31 s apart). Memory: the peak RSS while it streams, sampled.
  const from = day(new Date(Date.now() - 100_000 * 31_000));
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  t = performance.now();
  const res = await fetch(`${url}/ExportVisitorList?date=${from}&endDate=${today}&lang=zh`, { headers: { 'x-coolvisit-token': admin } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportS = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const counted = await db.execute(
    sql`SELECT count(*)::int AS n FROM visits WHERE company_id = ${id} AND kind <> 'resident' AND ${when} >= ${start(from)} AND ${when} < ${end(today)}`,
  );
  console.log(
    `ExportVisitorList ${(counted as unknown as { rows: { n: number }[] }).rows[0]?.n.toLocaleString('en')} visits (${kind}): ${exportS.toFixed(2)} s (target 15 s), ${(bytes / 1e6).toFixed(1)} MB xlsx, peak RSS +${((peak - rss) / 1e6).toFixed(0)} MB`,
  );
  await app.close();
  await database.close();
}

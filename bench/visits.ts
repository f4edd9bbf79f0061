// Visits benchmarks (issue 4 targets): /SearchVisitByConditionPage latency over BENCH_VISITS visits (default 1,000,000;
// p50, p95 per filter) against the same page query run bare in SQL, kiosk walk-in throughput against a bare Fastify
// route, and ExportVisitorList of 100,000 (time, peak RSS growth). On PGlite, and on PostgreSQL under `npm run bench:pg`.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { benchApp, benchServer, type Figures, type load, summary, type Timings, timed } from './common.js';

type Load = typeof load;
type LoadFigures = Figures;

const f1 = (n: number) => n.toFixed(1).padStart(6);

/** A company with `n` walk-ins, a year back (31 s apart), one in 500 still on site; its host and two sign-ins. */
async function seedCompany(db: Db, url: string, kind: string, n: number) {
  const tag = `${Date.now().toString(36)}${n}`;
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
  const t = performance.now();
  // One statement: the rows never pass through JS.
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone, company, emp_id, emp_name, visit_at, sign_out_at, created_at)
    SELECT ${id}, 'walkin', CASE WHEN g % 500 = 0 THEN 'signedIn' ELSE 'signedOut' END, 'Visitor ' || g, '+86139' || lpad((g % 100000000)::text, 8, '0'),
      'Company ' || (g % 5000), ${host?.id ?? null}, 'Host', now() - ((${n} - g) * interval '31 seconds'),
      CASE WHEN g % 500 = 0 THEN NULL ELSE now() - ((${n} - g) * interval '31 seconds') + interval '2 hours' END, now() - ((${n} - g) * interval '31 seconds')
    FROM generate_series(1, ${n}) g`);
  const seedS = (performance.now() - t) / 1000;
  // Settle what a bulk load leaves behind, as a table filled over months would be: on PostgreSQL autovacuum vacuums
  // the new rows within a minute (setting their hint bits; until then every first read of a page sets them) and the
  // load's WAL is checkpointed, both competing with the measurement for the 2 cores if left to run during it. PGlite
  // runs neither: its table is only analyzed, for the planner's statistics.
  await db.execute(kind === 'postgres' ? sql`VACUUM ANALYZE visits` : sql`ANALYZE visits`);
  if (kind === 'postgres') await db.execute(sql`CHECKPOINT`);
  const admin = (await post(url, 'Login', { email: `visits.${tag}@example.com`, password: 'Bench#2026' })).result.token;
  const kiosk = (await post(url, 'Login', { email: `kiosk_${tag}`, password: 'Bench#2026' })).result.token;
  return { id, hostId: host?.id, admin, kiosk, seedS };
}

type Db = Awaited<ReturnType<typeof benchApp>>['db'];
interface PageAnswer {
  token: string;
  count: number;
  countCapped: boolean;
  counted?: boolean;
}
/** One call; sent again once when the server closed the idle keep-alive connection while a long seed ran (ECONNRESET). */
async function post(url: string, path: string, body: unknown, token?: string, again = true): Promise<{ status: number; result: PageAnswer }> {
  try {
    const res = await fetch(`${url}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-coolvisit-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { status: number; result: PageAnswer };
  } catch (e) {
    if (!again) throw e;
    return post(url, path, body, token, false);
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const start = (d: string) => new Date(`${d}T00:00:00`);
const end = (d: string) => new Date(start(d).getTime() + 86_400_000);
const when = sql`coalesce(visit_at, appointment_at, created_at)`;

/** Each filter as the console sends it, and the same page as one bare SQL query (no HTTP, session, count). */
function filters() {
  const today = day(new Date());
  const halfYear = day(new Date(Date.now() - 182 * 86_400_000));
  const monthAgo = day(new Date(Date.now() - 29 * 86_400_000));
  return [
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
    // The most common narrowing, a date range alone: its matches sit at the end of the table (rows arrive in order).
    {
      label: 'last 30 days',
      body: { date: monthAgo, endDate: today },
      bare: sql`${when} >= ${start(monthAgo)} AND ${when} < ${end(today)}`,
    },
  ];
}

interface FilterFigures {
  label: string;
  /**
   * The first page (counted, or its total past the cap kept from a call before), the same counted every time (a
   * server that keeps no total: a filter's first call), the next pages (pages 2 to 5, not counted: the console keeps
   * the first page's total).
   */
  first: Timings;
  counted: Timings;
  next: Timings;
  bare: Timings;
  total: string;
}

/**
 * The list's page for each filter over one company: the first page, the same from the server that counts every time
 * (`countingUrl`), later pages, and the bare SQL page.
 */
async function measure(db: Db, url: string, countingUrl: string, id: number, admin: string, rounds: number): Promise<FilterFigures[]> {
  const out: FilterFigures[] = [];
  for (const q of filters()) {
    let answer: PageAnswer = { token: '', count: 0, countCapped: false };
    // Untimed first: the first calls of a filter pay for cold caches and plan set-up, which the small stage would carry alone.
    await timed(3, () => post(url, 'SearchVisitByConditionPage', { ...q.body, requestedCount: 20 }, admin));
    const first = await timed(rounds, async () => {
      answer = (await post(url, 'SearchVisitByConditionPage', { ...q.body, requestedCount: 20 }, admin)).result;
    });
    await timed(3, () => post(countingUrl, 'SearchVisitByConditionPage', { ...q.body, requestedCount: 20 }, admin));
    const counted = await timed(rounds, () => post(countingUrl, 'SearchVisitByConditionPage', { ...q.body, requestedCount: 20 }, admin));
    const next = await timed(rounds, (i) =>
      post(url, 'SearchVisitByConditionPage', { ...q.body, startIndex: 20 * (1 + (i % 4)), requestedCount: 20, withCount: false }, admin),
    );
    const bare = await timed(rounds, () =>
      db.execute(sql`SELECT * FROM visits WHERE company_id = ${id} AND ${q.bare} AND kind <> 'resident' ORDER BY ${when} DESC, id DESC LIMIT 20`),
    );
    out.push({ label: q.label, first, counted, next, bare, total: `${answer.count.toLocaleString('en')}${answer.countCapped ? '+' : ''}` });
  }
  return out;
}

const load1 = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * The page at SMALL visits, then at N (a second company in the same table), and the small company again beside the
 * large one: p95 per filter and its growth from SMALL to N (issue 14: at most 1.5x).
 */
async function pageBench(db: Db, url: string, countingUrl: string, kind: string, N: number) {
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
  const SMALL = 10_000;
  const small = await seedCompany(db, url, kind, SMALL);
  // A first pass, dropped: the process's first calls pay for JIT compilation, new connections and cold caches, which
  // the small stage would otherwise carry alone, making every growth ratio look smaller than it is.
  await measure(db, url, countingUrl, small.id, small.admin, 10);
  const atSmall = await measure(db, url, countingUrl, small.id, small.admin, ROUNDS);
  const loadSmall = load1();
  const large = await seedCompany(db, url, kind, N);
  const atN = await measure(db, url, countingUrl, large.id, large.admin, ROUNDS);
  const loadN = load1();
  const beside = await measure(db, url, countingUrl, small.id, small.admin, ROUNDS);
  const all = (f: FilterFigures[], k: 'first' | 'counted' | 'next' | 'bare') => summary(f.flatMap((x) => x[k].ms));
  const overall = (k: 'first' | 'counted' | 'next' | 'bare') => `${all(atSmall, k).p95.toFixed(1)} -> ${all(atN, k).p95.toFixed(1)} ms`;
  console.log(
    `SearchVisitByConditionPage (${kind}, ${ROUNDS} calls per filter and page kind; ${N.toLocaleString('en')} seeded in ${large.seedS.toFixed(0)} s): first page p95 ${all(atSmall, 'first').p95.toFixed(1)} ms at ${SMALL.toLocaleString('en')} (load ${loadSmall}) -> ${all(atN, 'first').p95.toFixed(1)} ms at ${N.toLocaleString('en')} (load ${loadN}); counted every time ${overall('counted')}; next pages p95 ${overall('next')}; bare SQL p95 ${overall('bare')}`,
  );
  console.log(
    `  ${'filter'.padEnd(24)} ${'first p95 small -> N (growth)'.padEnd(34)} ${'counted every time'.padEnd(34)} ${'next p95 small -> N (growth)'.padEnd(34)} bare p95 small -> N   small beside N: first/next p95   total at N`,
  );
  const cell = (a: Timings, b: Timings) => `${f1(a.p95)} -> ${f1(b.p95)} ms (${(b.p95 / a.p95).toFixed(2)}x)`.padEnd(34);
  atN.forEach((n, i) => {
    const s = atSmall[i] as FilterFigures;
    const b = beside[i] as FilterFigures;
    console.log(
      `  ${n.label.padEnd(24)} ${cell(s.first, n.first)} ${cell(s.counted, n.counted)} ${cell(s.next, n.next)} ${f1(s.bare.p95)} -> ${f1(n.bare.p95)} ms   ${f1(b.first.p95)} / ${f1(b.next.p95)} ms   ${n.total}`,
    );
  });
  return large;
}

export async function visitsBench(load: Load, base: LoadFigures, kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_VISITS ?? 1_000_000);
  const { database, app, url, db } = await benchApp(kind);
  // The same product on the same database, keeping no total past the cap: what a filter's first call costs.
  const counting = await benchServer(database, { lists: { keepCappedTotalSeconds: 0 } });
  const large = await pageBench(db, url, counting.url, kind, N);
  await counting.app.close();
  if (process.env.BENCH_PAGE_ONLY === '1') {
    await app.close();
    await database.close();
    return;
  }
  const { hostId, admin, kiosk, id } = large;
  const today = day(new Date());
  const walkIn = await load(`${url}/UpdatePhoto`, { vname: '访客', vphone: '13911112222', empid: hostId }, { 'x-coolvisit-token': kiosk }, 10);
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
  const t = performance.now();
  const res = await fetch(`${url}/ExportVisitorList?date=${from}&endDate=${today}&lang=zh`, { headers: { 'x-coolvisit-token': admin } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportS = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const counted = await db.execute(
    sql`SELECT count(*)::int AS n FROM visits WHERE company_id = ${id} AND kind <> 'resident' AND ${when} >= ${start(from)} AND ${when} < ${end(today)}`,
  );
  console.log(
    `ExportVisitorList ${(counted as unknown as { rows: { n: number }[] }).rows[0]?.n.toLocaleString('en')} visits (${kind}): ${exportS.toFixed(2)} s (target 5 s on PostgreSQL, peak RSS growth < 100 MB), ${(bytes / 1e6).toFixed(1)} MB xlsx, peak RSS +${((peak - rss) / 1e6).toFixed(0)} MB`,
  );
  await app.close();
  await database.close();
}

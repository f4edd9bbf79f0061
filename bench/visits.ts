// Visits benchmarks (issue 4 targets): /SearchVisitByConditionPage latency over a large table (p50, p95) against the
// same query run bare in SQL, kiosk walk-in throughput against a bare Fastify route, and ExportVisitorList of 100,000.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/server/src/config.js';
import { openPglite } from '../apps/server/src/db/client.js';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/crypto.js';

interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
type Load = (url: string, body: unknown, headers?: Record<string, string>, connections?: number) => Promise<LoadFigures>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

export async function visitsBench(load: Load, base: LoadFigures): Promise<void> {
  const N = Number(process.env.BENCH_VISITS ?? 1_000_000);
  const database = await openPglite('memory');
  await database.migrate();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off' },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9, signin: 1e9 } },
  );
  const { app } = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const { db } = database;
  const [company] = await db
    .insert(companies)
    .values({ name: 'Visits Co', email: 'visits@example.com', username: 'V', passwordHash: await hashPassword('Bench#2026'), status: 1 })
    .returning();
  const id = company?.id ?? 0;
  const [host] = await db.insert(employees).values({ companyId: id, name: 'Host', phone: '13800000000' }).returning();
  await db
    .insert(staffAccounts)
    .values({ companyId: id, account: 'kiosk1', name: 'Kiosk', sType: 4, passwordHash: await hashPassword('Bench#2026'), mustChangePassword: 0 });

  let t = performance.now();
  // A year of visits, newest last; one in 500 still on site.
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone, company, emp_id, emp_name, visit_at, sign_out_at, created_at)
    SELECT ${id}, 'walkin', CASE WHEN g % 500 = 0 THEN 'signedIn' ELSE 'signedOut' END, 'Visitor ' || g, '139' || lpad((g % 100000000)::text, 8, '0'),
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
    }).then((r) => r.json())) as { status: number; result: { token: string } };
  const admin = (await post('Login', { email: 'visits@example.com', password: 'Bench#2026' })).result.token;
  const kiosk = (await post('Login', { email: 'kiosk1', password: 'Bench#2026' })).result.token;

  const today = new Date().toISOString().slice(0, 10);
  const queries = [
    {},
    { name: 'Visitor 99' },
    { vcompany: 'Company 42', date: '2026-01-01', endDate: today },
    { onSite: true },
    { status: 'signedOut', date: today, endDate: today },
  ];
  const api = await timed(100, (i) => post('SearchVisitByConditionPage', { ...queries[i % queries.length], requestedCount: 20 }, admin));
  const bare = await timed(100, (i) => {
    const q = queries[i % queries.length] as { name?: string };
    return db.execute(
      q.name
        ? sql`SELECT * FROM visits WHERE company_id = ${id} AND name ILIKE ${`%${q.name}%`} ORDER BY coalesce(visit_at, appointment_at, created_at) DESC, id DESC LIMIT 20`
        : sql`SELECT * FROM visits WHERE company_id = ${id} ORDER BY coalesce(visit_at, appointment_at, created_at) DESC, id DESC LIMIT 20`,
    );
  });
  console.log(
    `SearchVisitByConditionPage over ${N.toLocaleString('en')} visits (pglite, seeded in ${seedS.toFixed(0)} s): p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms; bare SQL page p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms`,
  );

  const walkIn = await load(`${url}/UpdatePhoto`, { vname: '访客', vphone: '13911112222', empid: host?.id }, { 'x-coolvisit-token': kiosk }, 10);
  console.log(
    `kiosk walk-in UpdatePhoto (pglite): ${walkIn.rps.toFixed(0)} req/s p50 ${walkIn.p50} ms p99 ${walkIn.p99} ms errors ${walkIn.errors}, ${((walkIn.rps / base.rps) * 100).toFixed(1)}% of bare`,
  );

  // Export the latest 100,000 (about 36 days at 31 s apart).
  const from = new Date(Date.now() - 100_000 * 31_000).toISOString().slice(0, 10);
  const rss = process.memoryUsage().rss;
  t = performance.now();
  const res = await fetch(`${url}/ExportVisitorList?date=${from}&endDate=${today}&lang=zh`, { headers: { 'x-coolvisit-token': admin } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportS = (performance.now() - t) / 1000;
  const counted = await db.execute(
    sql`SELECT count(*)::int AS n FROM visits WHERE company_id = ${id} AND coalesce(visit_at, created_at) >= ${new Date(`${from}T00:00:00`)}`,
  );
  console.log(
    `ExportVisitorList ${(counted as unknown as { rows: { n: number }[] }).rows[0]?.n.toLocaleString('en')} visits (pglite): ${exportS.toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB xlsx, RSS +${((process.memoryUsage().rss - rss) / 1e6).toFixed(0)} MB`,
  );
  await app.close();
  await database.close();
}

// Retention sweep benchmarks (issue 41): over BENCH_PRIVACY_VISITS visits of one company (default 1,000,000 over two
// years), the nightly sweep with nothing due (it must read the retention index, not the table) against the bare due
// query, and a sweep anonymising BENCH_PRIVACY_DUE of them (default 10,000: a week of visits) against one bare UPDATE
// blanking the same rows, with the visits per second. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
// Alone: `node --import tsx bench/privacy.ts`.
import { RETENTION_KINDS } from '@openvisit/contract';
import { sql } from 'drizzle-orm';
import { selectRows } from '../apps/server/src/db/client.js';
import { companies, retentionRules } from '../apps/server/src/db/schema/index.js';
import { sweepCompany } from '../apps/server/src/modules/privacy/privacy.sweep.js';
import { jobContext } from '../apps/server/src/platform/http/calls.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { systemScope } from '../apps/server/src/platform/identity/tenancy.js';
import { benchApp, loadAverage } from './common.js';

const DAY_S = 86_400;
const f1 = (n: number) => n.toFixed(1).padStart(8);

export async function privacyBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_PRIVACY_VISITS ?? 1_000_000);
  const DUE = Number(process.env.BENCH_PRIVACY_DUE ?? 10_000);
  const { database, app, db, services, config } = await benchApp(kind);
  const tag = Date.now().toString(36);
  const [company] = await db
    .insert(companies)
    .values({ name: `Privacy ${tag}`, email: `privacy.${tag}@example.com`, username: 'P', passwordHash: await hashPassword('Bench#2026'), status: 1 })
    .returning();
  const id = company?.id ?? 0;
  // Two years of signed-out walk-ins, evenly spaced, the oldest first; one statement, the rows never in JS.
  const span = 730 * DAY_S;
  // Numbers of this file, not input: written into the statement so the planner types them.
  const n = sql.raw(String(N));
  const step = sql.raw(String(span / N));
  const t0 = performance.now();
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone, email, id_number, company, visit_at, sign_out_at, created_at)
    SELECT ${id}, 'walkin', 'signedOut', 'Visitor ' || g, '139' || lpad((g % 100000000)::text, 8, '0'), 'v' || g || '@example.org',
      '110105199003' || lpad((g % 1000000)::text, 6, '0'), 'Company ' || (g % 5000),
      now() - ((${n} - g) * ${step} + 7200) * interval '1 second', now() - (${n} - g) * ${step} * interval '1 second',
      now() - ((${n} - g) * ${step} + 7200) * interval '1 second'
    FROM generate_series(1, ${n}) g`);
  await db.execute(kind === 'postgres' ? sql`VACUUM ANALYZE visits` : sql`ANALYZE visits`);
  const seedS = (performance.now() - t0) / 1000;
  const ctx = () =>
    jobContext({ system: systemScope(db), config, services, log: app.log }, id, {
      job: 'bench',
      account: 'retention',
      name: 'Retention sweep',
    });
  const rulesFor = async (days: number) => {
    const rules = Object.fromEntries(RETENTION_KINDS.map((k) => [k, days]));
    await db
      .insert(retentionRules)
      .values({ companyId: id, tid: 0, rules })
      .onConflictDoUpdate({ target: [retentionRules.companyId, retentionRules.tid], set: { rules } });
  };
  const ms = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };

  // Nothing due: every kind kept longer than the oldest visit.
  await rulesFor(800);
  const idle = await ms(() => sweepCompany(ctx(), 'daily', new Date()));
  const idleBare = await ms(() =>
    db.execute(sql`SELECT id FROM visits WHERE company_id = ${id} AND cardinality(purged) < 10
      AND coalesce(sign_out_at, CASE WHEN visit_at IS NULL THEN coalesce(leave_at, appointment_at, created_at) END) < now() - interval '800 days'
      ORDER BY coalesce(sign_out_at, CASE WHEN visit_at IS NULL THEN coalesce(leave_at, appointment_at, created_at) END) LIMIT 200`),
  );

  // The oldest DUE visits due: days such that their end is past the cutoff.
  const days = Math.floor(((N - DUE) * span) / N / DAY_S);
  await rulesFor(days);
  const [counted] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM visits WHERE company_id = ${id} AND sign_out_at < now() - ${days} * interval '1 day'`,
  );
  const due = counted?.n ?? 0;
  const sweep = await ms(() => sweepCompany(ctx(), 'daily', new Date()));
  // As many rows blanked by one statement: the next week's, not yet swept.
  const bare = await ms(() =>
    db.execute(sql`UPDATE visits SET name = '', phone = '', email = '', id_number = '', company = '', purged = ${sql.param([...RETENTION_KINDS])}::text[]
      WHERE id IN (SELECT id FROM visits WHERE company_id = ${id} AND cardinality(purged) = 0 ORDER BY id LIMIT ${due})`),
  );
  console.log(
    `retention sweep (${kind}, ${N.toLocaleString('en')} visits, seeded in ${seedS.toFixed(0)} s): nothing due ${f1(idle)} ms vs the bare due query ${f1(idleBare)} ms; ` +
      `${due.toLocaleString('en')} due ${f1(sweep)} ms (${Math.round((due / sweep) * 1000).toLocaleString('en')} visits/s, every owner and the log) ` +
      `vs one bare UPDATE of as many ${f1(bare)} ms (×${(sweep / bare).toFixed(1)}); ${loadAverage()}`,
  );
  await app.close();
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await privacyBench('pglite');
  if (process.env.TEST_DATABASE_URL) await privacyBench('postgres');
  process.exit(0);
}

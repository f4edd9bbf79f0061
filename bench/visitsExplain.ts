// The plans of the visit list's page and count for each filter (EXPLAIN ANALYZE), over BENCH_VISITS visits of one
// company beside a small one: which index each uses. On PGlite, or on PostgreSQL when TEST_DATABASE_URL is set
// (`bash scripts/with-postgres.sh node --import tsx bench/visitsExplain.ts`).
import { count, desc, type SQL, sql } from 'drizzle-orm';
import { VISIT_COUNT_CAP } from '../apps/server/src/core/visits/visits.repository.js';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { companies, visits } from '../apps/server/src/db/schema/index.js';
import { type VisitFilter, visitFilterSql, visitWhen } from '../apps/server/src/db/visitFilter.js';
import { tenantScope } from '../apps/server/src/platform/identity/tenancy.js';

const N = Number(process.env.BENCH_VISITS ?? 200_000);
const pgUrl = process.env.TEST_DATABASE_URL;
const database = pgUrl ? await openPostgres(pgUrl, 2) : await openPglite('memory');
await database.migrate();
const db = database.db;

async function seed(n: number): Promise<number> {
  const [c] = await db
    .insert(companies)
    .values({ name: `Explain ${n}`, email: `explain.${n}@example.com`, username: 'E', passwordHash: 'x', status: 1 })
    .returning();
  const id = c?.id ?? 0;
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone, company, emp_name, visit_at, sign_out_at, created_at)
    SELECT ${id}, 'walkin', CASE WHEN g % 500 = 0 THEN 'signedIn' ELSE 'signedOut' END, 'Visitor ' || g, '+86139' || lpad((g % 100000000)::text, 8, '0'),
      'Company ' || (g % 5000), 'Host', now() - ((${n} - g) * interval '31 seconds'),
      CASE WHEN g % 500 = 0 THEN NULL ELSE now() - ((${n} - g) * interval '31 seconds') + interval '2 hours' END, now() - ((${n} - g) * interval '31 seconds')
    FROM generate_series(1, ${n}) g`);
  return id;
}

const large = await seed(N);
const small = await seed(10_000);
await db.execute(sql`VACUUM ANALYZE visits`);
const today = new Date(new Date().setHours(0, 0, 0, 0));
const tomorrow = new Date(today.getTime() + 86_400_000);
const halfYear = new Date(today.getTime() - 182 * 86_400_000);
const filters: [string, VisitFilter][] = [
  ['no filter', {}],
  ['name %Visitor 99%', { name: 'Visitor 99' }],
  ['phone %12345%', { phone: '12345' }],
  ['company + half a year', { company: 'Company 42', from: halfYear, until: tomorrow }],
  ['signed out today', { status: 'signedOut', from: today, until: tomorrow }],
  ['on site now', { onSite: true }],
  ['last 30 days', { from: new Date(today.getTime() - 29 * 86_400_000), until: tomorrow }],
];
const rowsOf = (r: unknown) => ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[])).map((x) => Object.values(x)[0]);
const explain = async (q: SQL) => rowsOf(await db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${q}`)).join('\n    ');
for (const companyId of [large, small]) {
  for (const [label, f] of filters) {
    // As the route sends them: the on-site list includes residents, the others leave them out.
    const where = visitFilterSql(tenantScope(db, { companyId }), f.onSite ? f : { ...f, notKind: 'resident' });
    const page = db.select().from(visits).where(where).orderBy(desc(visitWhen), desc(visits.id)).offset(20).limit(21);
    const upTo = db
      .select({ one: sql`1` })
      .from(visits)
      .where(where)
      .orderBy(desc(visitWhen), desc(visits.id))
      .limit(VISIT_COUNT_CAP + 1)
      .as('up_to');
    const counted = db.select({ n: count() }).from(upTo);
    console.log(
      `== ${pgUrl ? 'postgres' : 'pglite'} company of ${companyId === large ? N : 10_000}: ${label}\n  page:\n    ${await explain(page.getSQL())}`,
    );
    console.log(`  count:\n    ${await explain(counted.getSQL())}`);
  }
}
await database.close();

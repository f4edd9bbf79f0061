import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, seedCompany, type TestApp, testApp } from '../../../test/harness.js';
import { jobs } from '../../db/schema/index.js';
import { ANALYZE_EVERY_MS, ANALYZE_JOB, analyzeGrownTables, ensureStatistics, registerStatisticsJobs } from './statistics.js';

// PGlite runs no autovacuum: without this job its tables never had statistics and the planner chose blind.
describe('the planner statistics of grown tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const statsOfVisits = async () =>
    Number(
      ((await t.db.execute(sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'visits'`)) as unknown as { rows: { n: number }[] }).rows[0]
        ?.n,
    );

  it('analyzes the tables never analyzed, then only those grown by a tenth', async () => {
    const c = await seedCompany(t);
    await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone)
      SELECT ${c.id}, 'walkin', 'signedOut', 'Visitor ' || g, '' FROM generate_series(1, 2000) g`);
    const first = await analyzeGrownTables(t.db);
    expect(first).toEqual(expect.arrayContaining(['visits', 'companies']));
    expect(await statsOfVisits()).toBeGreaterThan(0);
    if (!onPostgres) expect(await analyzeGrownTables(t.db)).toEqual([]);
    // Ten times the rows: far past a tenth more pages.
    await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone)
      SELECT ${c.id}, 'walkin', 'signedOut', 'Visitor ' || g, '' FROM generate_series(1, 20000) g`);
    expect(await analyzeGrownTables(t.db)).toContain('visits');
  });

  it('runs once per hour, whoever schedules it, and queues the next hour', async () => {
    // The server registers it on PGlite only (PostgreSQL's autovacuum keeps the statistics); the job works on both.
    if (onPostgres) registerStatisticsJobs({ db: t.db, jobs: t.services.jobs });
    const now = new Date();
    await ensureStatistics(t.services.jobs, now);
    await ensureStatistics(t.services.jobs, now);
    expect(await t.services.jobs.runDue()).toBe(1);
    const queued = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, ANALYZE_JOB), eq(jobs.state, 'queued')));
    expect(queued.map((j) => j.runAt.getTime())).toEqual([Math.floor(now.getTime() / ANALYZE_EVERY_MS) * ANALYZE_EVERY_MS + ANALYZE_EVERY_MS]);
  });
});

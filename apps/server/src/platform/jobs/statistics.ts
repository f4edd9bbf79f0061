import { sql } from 'drizzle-orm';
import { type DbOrScope, dbFrom } from '../identity/tenancy.js';
import type { JobQueue } from './jobs.js';

/**
 * The planner's statistics on PGlite. PostgreSQL's autovacuum analyzes a table once a tenth of it has changed; PGlite
 * runs no autovacuum, so its tables had none at all and every plan was chosen blind: at a million visits the visit
 * list's first page then took 0.4 to 1 s to count (issue 14, bench/visits.ts without its ANALYZE), against 10 ms
 * analyzed. An hourly job, on PGlite only, analyzes each table that never was or has grown by a tenth since (in
 * pages: no counter to trust in a single-user engine). ANALYZE reads a sample of 30,000 rows per table, so it costs
 * about the same at a million rows as at a hundred thousand.
 */
export const ANALYZE_JOB = 'db.analyzeGrown';
export const ANALYZE_EVERY_MS = 60 * 60_000;

/** Analyzes the tables of the current schema never analyzed or grown by a tenth since; answers their names. */
export async function analyzeGrownTables(on: DbOrScope): Promise<string[]> {
  const db = dbFrom(on);
  const grown = await db.execute(sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (c.reltuples < 0 OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8)
    ORDER BY c.relname`);
  const names = (grown as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  for (const name of names) await db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  return names;
}

/** This hour's run (now, so a start-up after an upgrade analyzes at once) or, with `next`, the next hour's. */
export async function ensureStatistics(jobs: JobQueue, now: Date = new Date(), next = false): Promise<void> {
  const slot = Math.floor(now.getTime() / ANALYZE_EVERY_MS) * ANALYZE_EVERY_MS + (next ? ANALYZE_EVERY_MS : 0);
  const at = new Date(slot);
  await jobs.enqueue(ANALYZE_JOB, {}, { runAt: next ? at : now, key: `${ANALYZE_JOB}:${at.toISOString()}`, maxAttempts: 2 });
}

/** Each run queues the next hour's. */
export function registerStatisticsJobs(deps: { db: DbOrScope; jobs: JobQueue }, now: () => Date = () => new Date()): void {
  deps.jobs.register(ANALYZE_JOB, async () => {
    await analyzeGrownTables(deps.db);
    await ensureStatistics(deps.jobs, now(), true);
  });
}

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.js';
import { jobs, signInFailures } from '../../db/schema/index.js';
import { ensureSignInCleanup, SIGN_IN_CLEANUP_EVERY_MS, SIGN_IN_CLEANUP_JOB } from './signinGuard.js';

const HOUR = 3600_000;

// Failure counts were deleted only when the account signed in again: an address spraying unknown or abandoned accounts
// left rows behind for ever. The jobs loop forgets those no check reads any more.
describe('sign-in failure rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const row = (source: string, updatedHoursAgo: number, lockedHoursFromNow: number | null) => ({
    kind: 'admin',
    accountId: 424242,
    source,
    failures: 8,
    locks: lockedHoursFromNow === null ? 0 : 1,
    updatedAt: new Date(Date.now() - updatedHoursAgo * HOUR),
    lockedUntil: lockedHoursFromNow === null ? null : new Date(Date.now() + lockedHoursFromNow * HOUR),
  });

  it('are forgotten by the periodic job once older than the longest lock window and not locked any more', async () => {
    await t.db.insert(signInFailures).values([
      row('198.51.100.1', 25, null), // a count nobody added to for a day: forgotten
      row('198.51.100.2', 30, -6), // its lock ran out long ago: forgotten
      row('198.51.100.3', 1, null), // a recent count: kept
      row('198.51.100.4', 2, 1), // a lock that still runs: kept
      row('198.51.100.5', 25, 1), // an old count whose lock still runs (a longer maxLockMinutes): kept
    ]);
    // Any number of processes schedule the slot; it runs once.
    await ensureSignInCleanup(t.services.jobs, new Date(Date.now() - SIGN_IN_CLEANUP_EVERY_MS));
    await ensureSignInCleanup(t.services.jobs, new Date(Date.now() - SIGN_IN_CLEANUP_EVERY_MS));
    expect(await t.services.jobs.runDue()).toBe(1);
    const left = await t.db
      .select({ source: signInFailures.source })
      .from(signInFailures)
      .where(and(eq(signInFailures.kind, 'admin'), eq(signInFailures.accountId, 424242)));
    expect(left.map((r) => r.source).sort()).toEqual(['198.51.100.3', '198.51.100.4', '198.51.100.5']);
    // Each run queues the next slot.
    const next = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, SIGN_IN_CLEANUP_JOB), eq(jobs.state, 'queued')));
    expect(next).toHaveLength(1);
    expect(next[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('the account tables no longer carry the old lock-out columns (counted in sign_in_failures since 0022)', async () => {
    const result = await t.db.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name IN ('failed_logins', 'locked_until')
      ORDER BY table_name, column_name`);
    const columns = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows.map(
      (r) => `${r.table_name}.${r.column_name}`,
    );
    expect(columns).toEqual([
      'idempotency_keys.locked_until',
      'jobs.locked_until',
      'sign_in_failures.locked_until',
      'webhook_deliveries.locked_until',
    ]);
  });
});

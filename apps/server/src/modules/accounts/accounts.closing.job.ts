import { UNSUBSCRIBE_GRACE_DAYS } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../platform/files/files.js';
import { inTransaction, type SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { accountsClosingSystemRepository } from './accounts.closing.system.repository.js';

/**
 * The deletion of closed accounts: hourly, every company whose grace period (updateUnSubscribe) has ended loses its
 * data — its row (cascading to its tables), the rows of its tables without that reference, its stored files. The
 * company's own operation log goes with it, so each deletion is recorded for the operator in `closed_companies` and in
 * the server log at info. One job per hour slot, keyed by the slot, so any number of processes may schedule it.
 */
export const CLOSING_JOB = 'accounts.closeDue';
export const CLOSING_EVERY_MS = 60 * 60_000;
const BATCH = 20;

export interface ClosingDeps {
  system: SystemScope;
  files: FileStore;
  log: FastifyBaseLogger;
}

/** Deletes the data of every company due at `now`; answers how many companies went. */
export async function closeDueAccounts(deps: ClosingDeps, now: Date = new Date()): Promise<number> {
  const repo = accountsClosingSystemRepository(deps.system);
  let closed = 0;
  for (;;) {
    const due = await repo.due(now, BATCH);
    for (const company of due) {
      const rows = await inTransaction(deps.system, (tx) => accountsClosingSystemRepository(tx).deleteCompany(company.id, now));
      if (rows === undefined) continue; // cancelled meanwhile
      // The rows are gone first: a failure removing files leaves orphan files (retried by the operator), never a
      // company whose pictures vanished.
      const filesRemoved = await deps.files.removeCompany(company.id).catch((err: unknown) => {
        deps.log.error({ err, companyId: company.id }, 'closed account: stored files not removed');
        return 0;
      });
      const requestedAt = company.closingDue ? new Date(company.closingDue.getTime() - UNSUBSCRIBE_GRACE_DAYS * 86_400_000) : null;
      await repo.record({ formerCompanyId: company.id, name: company.name, requestedAt, closedAt: now, filesRemoved });
      deps.log.info({ companyId: company.id, company: company.name, rows, filesRemoved }, 'account closed: company data deleted');
      closed++;
    }
    if (due.length < BATCH) return closed;
  }
}

export async function ensureClosingSweep(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / CLOSING_EVERY_MS) * CLOSING_EVERY_MS + CLOSING_EVERY_MS);
  await jobs.enqueue(CLOSING_JOB, { at: at.toISOString() }, { runAt: at, key: `${CLOSING_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

export function registerClosingJobs(deps: ClosingDeps & { jobs: JobQueue }, now: () => Date = () => new Date()): void {
  deps.jobs.register(CLOSING_JOB, async () => {
    await closeDueAccounts(deps, now());
    await ensureClosingSweep(deps.jobs, now());
  });
}

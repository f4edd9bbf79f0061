import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { pruneFlows } from './sso.signin.js';

const PRUNE_JOB = 'sso.pruneFlows';

/** Hourly: sign-ins started and never finished leave no row behind. */
export function registerSsoJobs(deps: { system: SystemScope; jobs: JobQueue }): void {
  const next = () => {
    const at = new Date(Math.floor(Date.now() / 3600_000) * 3600_000 + 3600_000);
    return deps.jobs.enqueue(PRUNE_JOB, {}, { runAt: at, key: `${PRUNE_JOB}:${at.toISOString()}` });
  };
  deps.jobs.register(PRUNE_JOB, async () => {
    await pruneFlows(deps.system);
    await next();
  });
  deps.jobs.whenStarted(() => void next().catch(() => undefined));
}

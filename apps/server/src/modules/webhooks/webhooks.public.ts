/** What app.ts starts of modules/webhooks: the only file others import from it. */
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { type RunnerDeps, WebhookRunner } from './webhooks.runner.js';

/** The outbox's dispatcher and sender, run with the jobs (their loop when served, their drain in tests). */
export function registerWebhookRunner(jobs: JobQueue, deps: RunnerDeps): void {
  jobs.attach(new WebhookRunner(deps));
}

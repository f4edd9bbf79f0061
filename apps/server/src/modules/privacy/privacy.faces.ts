import type { AuthedContext } from '../../platform/http/calls.js';

/*
 * Apart from the schedule, which runs these jobs, so that an erasure (and a withdrawn face) can queue one without
 * importing the schedule that imports them.
 */

/** An erasure's visits whose faces a terminal still held: their face rows go once every terminal confirms. */
export const FACES_AFTER_ERASURE_JOB = 'privacy.erasedFaces';
const FACES_RETRY_MS = 10 * 60_000;

export async function askFacesAgain(ctx: AuthedContext, visitIds: readonly number[]): Promise<void> {
  await ctx.services.jobs.enqueue(
    FACES_AFTER_ERASURE_JOB,
    { companyId: ctx.tenant.companyId, visitIds },
    { runAt: new Date(Date.now() + FACES_RETRY_MS), maxAttempts: 50 },
  );
}

import { DEFAULT_FACE_THRESHOLD, FACE_WARNING_SHARE, type In, type Out, settingObject } from '@openvisit/contract';
import { employeeFaceCount } from '../../core/people/people.public.js';
import { visitFaceCounts } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { residentFaceCount } from '../residents/residents.public.js';
import { requestsRepository } from './privacy.requests.repository.js';

/**
 * The faces a company holds, live: employees' photos, visitors' (one person per phone, ID number or e-mail) and
 * workers', against the threshold near which the console warns (a filing is due in China at 100,000 people).
 */
export async function faceHoldings(ctx: AuthedContext): Promise<Out<'getFaceHoldings'>> {
  const employees = await employeeFaceCount(ctx.tenant);
  const visits = await visitFaceCounts(ctx.tenant);
  const workers = await residentFaceCount(ctx.tenant);
  const total = employees + visits.people + workers;
  const threshold = (await requestsRepository(ctx.tenant).faceThreshold()) ?? DEFAULT_FACE_THRESHOLD;
  return {
    faces: { employees, visitors: visits.people, workers, total },
    threshold,
    warning: total >= threshold * FACE_WARNING_SHARE,
    consents: { given: visits.given, withdrawn: visits.withdrawn },
  };
}

export async function setFaceThreshold(ctx: AuthedContext, input: In<'setFaceThreshold'>): Promise<Out<'setFaceThreshold'>> {
  await requestsRepository(ctx.tenant).setFaceThreshold(input.threshold);
  ctx.audit.objName = settingObject('faceThreshold');
  return { threshold: input.threshold ?? DEFAULT_FACE_THRESHOLD };
}

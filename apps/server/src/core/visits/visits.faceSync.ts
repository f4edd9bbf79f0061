import type { VisitorStatus } from '@openvisit/contract';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { visitsRepository } from './visits.repository.js';

/**
 * What the face terminals' sync (modules/credentials) reads of visits: the visits a terminal may have to know, and the
 * change feed (visit_events) that says which visits to look at again.
 */

/** Approved (or not needing approval) and not over: before check-in, or on site. */
export const FACE_USABLE_STATUSES: readonly VisitorStatus[] = ['sent', 'viewed', 'accepted', 'reserved', 'authorized', 'signedIn'];

export function faceCandidateVisits(scope: TenantScope, ids?: number[]) {
  return visitsRepository(scope).faceCandidates(FACE_USABLE_STATUSES, ids);
}

/** The visits moved (or approved, refused) after event `afterId`, at most `limit` events, and the last event's id. */
export async function visitsMovedSince(
  scope: TenantScope,
  afterId: number,
  limit: number,
): Promise<{ visitIds: number[]; lastEventId: number; more: boolean }> {
  const rows = await visitsRepository(scope).movedSince(afterId, limit);
  return { visitIds: [...new Set(rows.map((r) => r.visitId))], lastEventId: rows.at(-1)?.id ?? afterId, more: rows.length === limit };
}

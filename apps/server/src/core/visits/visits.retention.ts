import type { RetentionKind } from '@openvisit/contract';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { visitsRetentionRepository } from './visits.retention.repository.js';

/**
 * What the retention sweep (modules/privacy) reads and writes of visits: the visits due for a kind, oldest first, and
 * the blanking of a kind (the visit record: all of them, the visit kept as an anonymous count).
 */
export function visitsDueForRetention(
  scope: TenantScope,
  kind: RetentionKind,
  cutoff: Date,
  types: { in?: number[]; notIn?: number[]; skip?: number[] },
  limit: number,
) {
  return visitsRetentionRepository(scope).due(kind, cutoff, types, limit);
}

export function blankVisits(scope: TenantScope, ids: readonly number[], kinds: readonly RetentionKind[]): Promise<void> {
  return visitsRetentionRepository(scope).blank(ids, kinds);
}

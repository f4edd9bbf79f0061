/** What other modules may use of credentials: the only file they import from it. */
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { credentialsRetentionRepository } from './credentials.retention.repository.js';

/**
 * The retention sweep's and an erasure's part: forgets the faces of these visits where every face terminal was told to
 * remove them; answers the visits a terminal may still hold (their faces stay until it confirms).
 */
export function forgetVisitorFaces(scope: TenantScope, visitIds: readonly number[]): Promise<number[]> {
  return credentialsRetentionRepository(scope).forgetVisitors(visitIds);
}

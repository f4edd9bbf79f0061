import { and, eq, gt, lt } from 'drizzle-orm';
import { ssoFlows } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

export type FlowRow = typeof ssoFlows.$inferSelect;

/** Sign-ins on their way through a provider: no company is known until the state comes back. */
export function ssoFlowsRepository(system: SystemScope) {
  const db = dbOf(system);
  return {
    insert: (row: FlowRow) => db.insert(ssoFlows).values(row),
    /** The flow of this state, taken: a second use of the same answer finds nothing. */
    take: (stateHash: string): Promise<FlowRow | undefined> =>
      db
        .delete(ssoFlows)
        .where(and(eq(ssoFlows.stateHash, stateHash), gt(ssoFlows.expiresAt, new Date())))
        .returning()
        .then((r) => r[0]),
    prune: () => db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, new Date())),
  };
}

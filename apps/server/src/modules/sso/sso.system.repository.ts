import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ssoConnections, ssoFlows } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

export type FlowRow = typeof ssoFlows.$inferSelect;

/** Sign-ins on their way through a provider (no company is known until the state comes back), and SAML's public look-up. */
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
    /** An unexpired flow a SAML provider answers (not taken: the tab finishes it). */
    find: (stateHash: string): Promise<FlowRow | undefined> =>
      db
        .select()
        .from(ssoFlows)
        .where(and(eq(ssoFlows.stateHash, stateHash), gt(ssoFlows.expiresAt, new Date())))
        .then((r) => r[0]),
    /** Keeps a checked answer for the tab, once: a second post of any answer finds the flow answered. */
    answer: (stateHash: string, profile: Record<string, unknown>): Promise<boolean> =>
      db
        .update(ssoFlows)
        .set({ profile })
        .where(and(eq(ssoFlows.stateHash, stateHash), isNull(ssoFlows.profile)))
        .returning({ stateHash: ssoFlows.stateHash })
        .then((r) => r.length > 0),
    /** A SAML connection by id alone: our metadata for it is public (an entity ID and an address, no secret). */
    samlConnection: (id: number): Promise<{ id: number } | undefined> =>
      db
        .select({ id: ssoConnections.id })
        .from(ssoConnections)
        .where(and(eq(ssoConnections.id, id), eq(ssoConnections.protocol, 'saml')))
        .then((r) => r[0]),
    prune: () => db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, new Date())),
  };
}

import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** One company's API keys. */
export const apiKeysRepository = scoped(function apiKeysRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(apiKeys.companyId, scope.companyId);
  return {
    list: (): Promise<ApiKeyRow[]> => db.select().from(apiKeys).where(mine).orderBy(asc(apiKeys.id)),
    /** Keys not revoked: what the limit counts. */
    live: (): Promise<number> =>
      db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(mine, isNull(apiKeys.revokedAt)))
        .then((r) => r[0]?.n ?? 0),
    insert: (v: Pick<ApiKeyRow, 'name' | 'prefix' | 'secretHash' | 'scopes' | 'createdBy' | 'expiresAt'>): Promise<number> =>
      db
        .insert(apiKeys)
        .values({ ...v, companyId: scope.companyId })
        .returning({ id: apiKeys.id })
        .then((r) => (r[0] as { id: number }).id),
    /** Revokes a key of this company not revoked yet; answers it, or undefined. */
    revoke: (id: number): Promise<ApiKeyRow | undefined> =>
      db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(mine, eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning()
        .then((r) => r[0]),
  };
});

import type { ImPlatform } from '@openvisit/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { imApps, imCards } from '../../db/schema/index.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ImAppRow = typeof imApps.$inferSelect;
export type ImCardRow = typeof imCards.$inferSelect;
export type ImSecrets = Partial<Record<'appSecret' | 'secret' | 'callbackToken' | 'encodingAesKey', string>>;
export type ImAppPatch = Partial<Pick<ImAppRow, 'appId' | 'agentId' | 'cardTemplate' | 'apiBase' | 'signIn' | 'lastTest'>>;

/** The secrets of a row, opened ({} when none). */
export function openSecrets(box: SecretBox, row: Pick<ImAppRow, 'secrets'> | undefined): ImSecrets {
  if (!row?.secrets) return {};
  return JSON.parse(box.open(row.secrets)) as ImSecrets;
}

/** The work apps of one company (one row per platform). */
export const imRepository = scoped(function imRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(imApps.companyId, scope.companyId);
  const one = (platform: ImPlatform) => and(mine, eq(imApps.platform, platform));
  return {
    all: () => db.select().from(imApps).where(mine),
    app: (platform: ImPlatform) =>
      db
        .select()
        .from(imApps)
        .where(one(platform))
        .limit(1)
        .then((r) => r[0]),
    /** Writes the fields given (and the secrets when given, sealed together), making the row when it is the first. */
    async save(platform: ImPlatform, patch: ImAppPatch, secrets?: { box: SecretBox; values: ImSecrets }): Promise<ImAppRow> {
      const sealed = secrets ? (Object.keys(secrets.values).length ? secrets.box.seal(JSON.stringify(secrets.values)) : '') : undefined;
      const set = { ...patch, ...(sealed !== undefined ? { secrets: sealed } : {}), updatedAt: new Date() };
      const [row] = await db
        .insert(imApps)
        .values({ companyId: scope.companyId, platform, ...set })
        .onConflictDoUpdate({ target: [imApps.companyId, imApps.platform], set })
        .returning();
      if (!row) throw new Error('im_apps upsert answered no row');
      return row;
    },
    remove: (platform: ImPlatform) => db.delete(imApps).where(one(platform)),
    /** Remembers a decision card sent (a re-sent delivery record answering the same message id keeps the first). */
    saveCard: (card: Omit<typeof imCards.$inferInsert, 'companyId' | 'id' | 'createdAt'>) =>
      db
        .insert(imCards)
        .values({ ...card, companyId: scope.companyId })
        .onConflictDoNothing(),
    /** One of the company's cards by the platform's message id. */
    card: (platform: ImPlatform, messageId: string) =>
      db
        .select()
        .from(imCards)
        .where(and(eq(imCards.companyId, scope.companyId), eq(imCards.platform, platform), eq(imCards.messageId, messageId)))
        .limit(1)
        .then((r) => r[0]),
    /** The company's cards of a reference still showing their buttons. */
    openCards: (ref: string, limit = 200) =>
      db
        .select()
        .from(imCards)
        .where(and(eq(imCards.companyId, scope.companyId), eq(imCards.ref, ref), isNull(imCards.decided)))
        .orderBy(imCards.id)
        .limit(limit),
    markDecided: (id: number, decided: NonNullable<ImCardRow['decided']>) =>
      db
        .update(imCards)
        .set({ decided })
        .where(and(eq(imCards.companyId, scope.companyId), eq(imCards.id, id))),
  };
});

import type { ManagedAgreementKind } from '@openvisit/contract';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { visits } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

/** What visits record of the texts their visitors accepted or were given: face consents, the safety terms, the privacy notice (visits.consent.ts). */
export const consentRepository = scoped(function consentRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(visits.companyId, scope.companyId);
  const visible = visibleRows(scope, { subCompany: visits.subAccountId, employee: visits.empId });
  return {
    /**
     * The visitors whose face photo is held (one person per phone, else ID number, else e-mail, else visit), and the
     * face consents given and withdrawn: the company's faces held (modules/privacy).
     */
    faceCounts: async () =>
      (
        await db
          .select({
            people: sql<number>`count(DISTINCT coalesce(nullif(${visits.phone}, ''), nullif(${visits.idNumber}, ''), nullif(${visits.email}, ''), ${visits.id}::text)) FILTER (WHERE ${visits.photo} <> '')::int`,
            given: sql<number>`count(*) FILTER (WHERE ${visits.faceConsentId} IS NOT NULL AND ${visits.faceWithdrawnAt} IS NULL)::int`,
            withdrawn: sql<number>`count(*) FILTER (WHERE ${visits.faceWithdrawnAt} IS NOT NULL)::int`,
          })
          .from(visits)
          .where(and(mine, sql`(${visits.photo} <> '' OR ${visits.faceConsentId} IS NOT NULL)`))
      )[0] ?? { people: 0, given: 0, withdrawn: 0 },
    /** How many visits accepted (or were given) each of these agreement versions: face consent, safety terms, privacy notice. */
    agreementUse: (ids: number[]) => {
      const of = (column: typeof visits.faceConsentId | typeof visits.protocolAgreementId | typeof visits.privacyNoticeId) =>
        db
          .select({ id: column, n: sql<number>`count(*)::int` })
          .from(visits)
          .where(and(mine, inArray(column, ids.length ? ids : [0])))
          .groupBy(column);
      return Promise.all([of(visits.faceConsentId), of(visits.protocolAgreementId), of(visits.privacyNoticeId)]).then((all) => all.flat());
    },
    /** When this phone last accepted this version of the safety terms (at any visit), if it did. */
    protocolAcceptedAt: async (agreementId: number, phone: string): Promise<Date | undefined> =>
      (
        await db
          .select({ at: sql<Date | null>`max(${visits.protocolAcceptedAt})`.mapWith(visits.protocolAcceptedAt) })
          .from(visits)
          .where(and(mine, eq(visits.phone, phone), eq(visits.protocolAgreementId, agreementId)))
      )[0]?.at ?? undefined,
    /** The visits the caller may see that accepted (or were given) a version of a kind, latest first: who accepted which. */
    acceptances: (kind: ManagedAgreementKind, agreementId: number, offset: number, limit: number) => {
      const [column, at, via] = {
        face: [visits.faceConsentId, visits.faceConsentAt, visits.faceConsentVia] as const,
        protocol: [visits.protocolAgreementId, visits.protocolAcceptedAt, visits.protocolVia] as const,
        privacy: [visits.privacyNoticeId, visits.privacyNoticeAt, visits.privacyNoticeVia] as const,
      }[kind];
      return db
        .select({
          id: visits.id,
          name: visits.name,
          company: visits.company,
          empName: visits.empName,
          at,
          via,
          withdrawnAt: visits.faceWithdrawnAt,
          total: sql<number>`count(*) OVER ()::int`,
        })
        .from(visits)
        .where(and(mine, eq(column, agreementId), visible))
        .orderBy(desc(at), desc(visits.id))
        .offset(offset)
        .limit(limit);
    },
    /** The visitor withdrew their face consent (their privacy page): recorded on each visit that had one. */
    withdrawFaceConsents: (ids: number[], at: Date) =>
      ids.length
        ? db
            .update(visits)
            .set({ faceWithdrawnAt: at })
            .where(and(mine, inArray(visits.id, ids), isNotNull(visits.faceConsentId), isNull(visits.faceWithdrawnAt)))
            .returning({ id: visits.id })
        : Promise.resolve([]),
  };
});

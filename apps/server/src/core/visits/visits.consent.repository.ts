import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { visits } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

/** What visits record of the texts their visitors accepted: face consents and the safety terms (visits.consent.ts). */
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
    /** How many visits accepted each of these agreement versions (face consent or safety terms). */
    agreementUse: (ids: number[]) => {
      const of = (column: typeof visits.faceConsentId | typeof visits.protocolAgreementId) =>
        db
          .select({ id: column, n: sql<number>`count(*)::int` })
          .from(visits)
          .where(and(mine, inArray(column, ids.length ? ids : [0])))
          .groupBy(column);
      return Promise.all([of(visits.faceConsentId), of(visits.protocolAgreementId)]).then(([a, b]) => [...a, ...b]);
    },
    /** When this phone last accepted this version of the safety terms (at any visit), if it did. */
    protocolAcceptedAt: async (agreementId: number, phone: string): Promise<Date | undefined> =>
      (
        await db
          .select({ at: sql<Date | null>`max(${visits.protocolAcceptedAt})`.mapWith(visits.protocolAcceptedAt) })
          .from(visits)
          .where(and(mine, eq(visits.phone, phone), eq(visits.protocolAgreementId, agreementId)))
      )[0]?.at ?? undefined,
    /** The visits the caller may see that accepted a version (face consent or terms), latest first: who accepted which. */
    acceptances: (kind: 'face' | 'protocol', agreementId: number, offset: number, limit: number) => {
      const [column, at, via] =
        kind === 'face'
          ? [visits.faceConsentId, visits.faceConsentAt, visits.faceConsentVia]
          : [visits.protocolAgreementId, visits.protocolAcceptedAt, visits.protocolVia];
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

import { RETENTION_KINDS, type RetentionKind } from '@openvisit/contract';
import { and, asc, eq, ilike, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { visits } from '../../db/schema/index.js';
import { exactPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { type PersonKeys, phoneForms } from '../../platform/personData.js';

/**
 * When a visit ended, as the retention rules count: signed out; a visit that never started, its expected end (leave
 * time, else expected time, else registration); a visitor still on site has not ended. The expression of
 * visits_retention_idx, so the sweep reads due visits in order from the index.
 */
export const visitEnd = sql`coalesce(${visits.signOutAt}, CASE WHEN ${visits.visitAt} IS NULL THEN coalesce(${visits.leaveAt}, ${visits.appointmentAt}, ${visits.createdAt}) END)`;
// A literal, not a parameter: the planner uses the partial index only when it can see the query implies its predicate.
const notAnonymised = sql`cardinality(${visits.purged}) < ${sql.raw(String(RETENTION_KINDS.length))}`;

/** The visit's columns each kind blanks (files are the caller's to remove: it reads the keys first). */
function blanking(kinds: ReadonlySet<RetentionKind>): Partial<Record<keyof typeof visits.$inferInsert, unknown>> {
  const set: Partial<Record<keyof typeof visits.$inferInsert, unknown>> = {};
  if (kinds.has('photo')) set.photo = '';
  if (kinds.has('signature')) set.signature = '';
  if (kinds.has('agreementPdf')) set.pdf = '';
  if (kinds.has('idNumber')) set.idNumber = '';
  if (kinds.has('customFields')) set.extend = {};
  if (kinds.has('contact')) {
    set.phone = '';
    set.email = '';
    // The companions keep their names (until the record goes), not their phones.
    set.followers = sql`(SELECT coalesce(jsonb_agg(jsonb_set(f, '{phone}', '""')), '[]'::jsonb) FROM jsonb_array_elements(${visits.followers}) f)`;
  }
  if (kinds.has('visitRecord')) {
    Object.assign(set, {
      name: '',
      company: '',
      followers: sql`'[]'::jsonb`,
      plateNum: '',
      belongings: '',
      visitReason: '',
      cardNo: '',
      temperature: null,
      code: null,
      inviteTokenHash: null,
      clientKey: null,
    });
  }
  return set;
}

/**
 * The retention sweep's reads and writes of visits (modules/privacy asks through core/visits' public file): which
 * visits are due for a kind, and the blanking that removes the kind from them, recorded in `purged`.
 */
export const visitsRetentionRepository = scoped(function visitsRetentionRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(visits.companyId, scope.companyId);
  return {
    /**
     * Visits of the visitor types `types` (in, or every type but `notIn`) that ended before `cutoff` and still hold
     * `kind`, oldest first, with the file keys they name.
     */
    due(kind: RetentionKind, cutoff: Date, types: { in?: number[]; notIn?: number[]; skip?: number[] }, limit: number) {
      const typeCond: SQL[] = [];
      // Visits this run already found it cannot finish yet (a face a terminal may still hold).
      if (types.skip?.length) typeCond.push(notInArray(visits.id, types.skip));
      if (types.in) typeCond.push(inArray(visits.tid, types.in.length ? types.in : [0]));
      if (types.notIn?.length) typeCond.push(sql`(${visits.tid} IS NULL OR ${notInArray(visits.tid, types.notIn)})`);
      return db
        .select({ id: visits.id, photo: visits.photo, signature: visits.signature, pdf: visits.pdf, name: visits.name })
        .from(visits)
        .where(and(mine, notAnonymised, lt(visitEnd, cutoff), sql`NOT (${kind} = ANY(${visits.purged}))`, ...typeCond))
        .orderBy(asc(visitEnd))
        .limit(limit);
    },
    /** The visits of a person (a privacy request), any kind, not anonymised yet, oldest first. */
    ofPerson(keys: PersonKeys) {
      const by: SQL[] = [];
      if (keys.phones.length) by.push(inArray(visits.phone, phoneForms(keys.phones)));
      if (keys.emails.length) by.push(inArray(sql`lower(${visits.email})`, keys.emails));
      if (keys.idNumbers.length) by.push(inArray(sql`upper(${visits.idNumber})`, keys.idNumbers));
      if (keys.names?.length) by.push(or(...keys.names.map((n) => ilike(visits.name, exactPattern(n)))) as SQL);
      if (!by.length) return Promise.resolve([]);
      return db
        .select()
        .from(visits)
        .where(and(mine, notAnonymised, or(...by)))
        .orderBy(asc(visits.id));
    },
    /** Blanks `kinds` of these visits and records them as removed (the visit record: every kind). */
    async blank(ids: readonly number[], kinds: readonly RetentionKind[]) {
      if (!ids.length) return;
      const all = kinds.includes('visitRecord') ? RETENTION_KINDS : kinds;
      const set = blanking(new Set(all));
      const added = sql`ARRAY(SELECT DISTINCT k FROM unnest(${visits.purged} || ${sql.param([...all])}::text[]) k ORDER BY k)`;
      await db
        .update(visits)
        .set({ ...set, purged: added } as never)
        .where(and(mine, inArray(visits.id, [...ids])));
    },
  };
});

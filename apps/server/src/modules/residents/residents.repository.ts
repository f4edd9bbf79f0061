import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { residentFiles, residentProjects, residentVisitors } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type ProjectRow = typeof residentProjects.$inferSelect;
export type ProjectInsert = Omit<typeof residentProjects.$inferInsert, 'companyId' | 'id'>;
export type ResidentRow = typeof residentVisitors.$inferSelect;
export type ResidentInsert = Omit<typeof residentVisitors.$inferInsert, 'companyId' | 'id'>;
/** A resident with the name and responsible person of its project and its earliest certificate expiry day. */
export type ResidentWithProject = ResidentRow & { projectName: string; projectLeader: string; certExpiry: string | null };
export type CertStatusFilter = 'none' | 'valid' | 'expiring' | 'expired';

export interface ResidentFilter {
  name?: string;
  phone?: string;
  company?: string;
  /** Exact supplier company name. */
  companyIs?: string;
  projectId?: number;
  rstatus?: number;
  ids?: number[];
  supplierId?: number;
  /** With `today` and `warnUntil` (yyyy-mm-dd): the earliest certificate expiry's state. */
  cert?: { status: CertStatusFilter; today: string; warnUntil: string };
}

/** The earliest expiry day of the resident's certificates (null without one). */
const certExpiry = sql<
  string | null
>`(select min(${residentFiles.expiresOn})::text from ${residentFiles} where ${residentFiles.residentId} = ${residentVisitors.id} and ${residentFiles.kind} = 'certificate')`;
const withProject = {
  ...getTableColumns(residentVisitors),
  projectName: residentProjects.name,
  projectLeader: residentProjects.leader,
  certExpiry,
};

function certCondition(c: NonNullable<ResidentFilter['cert']>): SQL {
  if (c.status === 'none') return sql`${certExpiry} is null`;
  if (c.status === 'expired') return sql`${certExpiry} < ${c.today}`;
  if (c.status === 'expiring') return sql`${certExpiry} >= ${c.today} and ${certExpiry} <= ${c.warnUntil}`;
  return sql`${certExpiry} > ${c.warnUntil}`;
}

/**
 * One company's resident projects and resident visitors; no method reaches another company's rows. A server
 * company's scope (`supplierId`) sees only its own supplier company's workers, as a sub-company sees its own people.
 */
export const residentsRepository = scoped(function residentsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const myProjects = eq(residentProjects.companyId, scope.companyId);
  const mine = and(eq(residentVisitors.companyId, scope.companyId), visibleRows(scope, { supplier: residentVisitors.supplierId })) as SQL;
  function where(f: ResidentFilter): SQL | undefined {
    const c: (SQL | undefined)[] = [mine];
    if (f.name) c.push(ilike(residentVisitors.name, containsPattern(f.name)));
    if (f.phone) c.push(ilike(residentVisitors.phone, containsPattern(f.phone)));
    if (f.company) c.push(ilike(residentVisitors.company, containsPattern(f.company)));
    if (f.companyIs) c.push(eq(residentVisitors.company, f.companyIs));
    if (f.projectId) c.push(eq(residentVisitors.projectId, f.projectId));
    if (f.rstatus !== undefined) c.push(eq(residentVisitors.rstatus, f.rstatus));
    if (f.ids) c.push(inArray(residentVisitors.id, f.ids.length ? f.ids : [0]));
    if (f.supplierId) c.push(eq(residentVisitors.supplierId, f.supplierId));
    if (f.cert) c.push(certCondition(f.cert));
    return and(...c);
  }
  const selectResidents = () =>
    db.select(withProject).from(residentVisitors).innerJoin(residentProjects, eq(residentProjects.id, residentVisitors.projectId));

  return {
    /** Projects with their resident counts, newest first. */
    projects: (name?: string) =>
      db
        .select({ project: residentProjects, residents: sql<number>`count(${residentVisitors.id})`.mapWith(Number) })
        .from(residentProjects)
        .leftJoin(residentVisitors, eq(residentVisitors.projectId, residentProjects.id))
        .where(and(myProjects, name ? ilike(residentProjects.name, containsPattern(name)) : undefined))
        .groupBy(residentProjects.id)
        .orderBy(desc(residentProjects.createdAt), desc(residentProjects.id)),
    projectById: (id: number) =>
      db
        .select()
        .from(residentProjects)
        .where(and(myProjects, eq(residentProjects.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** Another project of this company with the name (case-insensitive), if any. */
    projectNamed: (name: string, exceptId = 0) =>
      db
        .select({ id: residentProjects.id })
        .from(residentProjects)
        .where(and(myProjects, sql`lower(${residentProjects.name}) = lower(${name})`, sql`${residentProjects.id} <> ${exceptId}`))
        .limit(1)
        .then((r) => r[0]),
    insertProject: (v: ProjectInsert) =>
      db
        .insert(residentProjects)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as ProjectRow),
    updateProject: (id: number, v: Partial<ProjectInsert>) =>
      db
        .update(residentProjects)
        .set(v)
        .where(and(myProjects, eq(residentProjects.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteProject: (id: number) =>
      db
        .delete(residentProjects)
        .where(and(myProjects, eq(residentProjects.id, id)))
        .returning({ id: residentProjects.id }),
    residentsOfProject: (projectId: number) =>
      db
        .select({ n: count() })
        .from(residentVisitors)
        .where(and(mine, eq(residentVisitors.projectId, projectId)))
        .then((r) => r[0]?.n ?? 0),

    async page(f: ResidentFilter, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        selectResidents().where(where(f)).orderBy(desc(residentVisitors.createdAt), desc(residentVisitors.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(residentVisitors).where(where(f)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Matching residents by name (for the unpaged look-ups). */
    list: (f: ResidentFilter, limit: number) =>
      selectResidents().where(where(f)).orderBy(asc(residentVisitors.name), asc(residentVisitors.id)).limit(limit),
    byId: (id: number) =>
      selectResidents()
        .where(and(mine, eq(residentVisitors.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** The resident with this phone or certificate number (each is unique in the company). */
    byIdentity: (phone: string, idNumber: string) => {
      const any: SQL[] = [];
      if (phone) any.push(eq(residentVisitors.phone, phone));
      if (idNumber) any.push(eq(residentVisitors.idNumber, idNumber));
      if (!any.length) return Promise.resolve([] as ResidentWithProject[]);
      return selectResidents()
        .where(and(mine, or(...any)))
        .limit(2);
    },
    /** Another resident of this company holding the phone or certificate number. */
    holderOf: (field: 'phone' | 'idNumber', value: string, exceptId = 0) =>
      db
        .select({ id: residentVisitors.id })
        .from(residentVisitors)
        .where(and(mine, eq(residentVisitors[field], value), sql`${residentVisitors.id} <> ${exceptId}`))
        .limit(1)
        .then((r) => r[0]),
    insert: (v: ResidentInsert) =>
      db
        .insert(residentVisitors)
        .values({ ...v, companyId: scope.companyId })
        .returning({ id: residentVisitors.id })
        .then((r) => (r[0] as { id: number }).id),
    update: (id: number, v: Partial<ResidentInsert>) =>
      db
        .update(residentVisitors)
        .set(v)
        .where(and(mine, eq(residentVisitors.id, id)))
        .returning({ id: residentVisitors.id })
        .then((r) => r[0]),
    setStatus: (ids: number[], v: { rstatus: number; refuseCause: string; approver: string }) =>
      db
        .update(residentVisitors)
        .set(v)
        .where(and(mine, inArray(residentVisitors.id, ids)))
        .returning({ id: residentVisitors.id, name: residentVisitors.name }),
    deleteMany: (ids: number[]) =>
      db
        .delete(residentVisitors)
        .where(and(mine, inArray(residentVisitors.id, ids)))
        .returning({ id: residentVisitors.id, name: residentVisitors.name, face: residentVisitors.face }),
    /** Holds the resident's row until the transaction ends (one sign-in of a person at a time). */
    lock: (id: number) =>
      db
        .select({ id: residentVisitors.id })
        .from(residentVisitors)
        .where(and(mine, eq(residentVisitors.id, id)))
        .for('update'),
    /** Approved residents: the door devices' candidates (a face terminal of ours takes those with a face; their window is the caller's to check). */
    faceCandidates: () =>
      db
        .select({
          id: residentVisitors.id,
          name: residentVisitors.name,
          phone: residentVisitors.phone,
          idNumber: residentVisitors.idNumber,
          face: residentVisitors.face,
          startAt: residentVisitors.startAt,
          endAt: residentVisitors.endAt,
          plateNum: residentVisitors.plateNum,
        })
        .from(residentVisitors)
        .where(and(mine, eq(residentVisitors.rstatus, 1))),
    /** Residents per supplier company: registered ones by id, free names (no supplier) by name. */
    companies: () =>
      db
        .select({ supplierId: residentVisitors.supplierId, company: residentVisitors.company, count: count() })
        .from(residentVisitors)
        .where(and(mine, sql`${residentVisitors.company} <> ''`))
        .groupBy(residentVisitors.supplierId, residentVisitors.company)
        .orderBy(asc(residentVisitors.company)),
    /** Who these ids are and which supplier company they work for (for reports over visits and passes). */
    suppliersOf: (ids: number[]) =>
      db
        .select({ id: residentVisitors.id, supplierId: residentVisitors.supplierId, company: residentVisitors.company })
        .from(residentVisitors)
        .where(and(mine, inArray(residentVisitors.id, ids.length ? ids : [0]))),
    /** The ids of the residents matching a filter (for pass records by supplier company or name). */
    idsWhere: (f: ResidentFilter, limit: number) =>
      db
        .select({ id: residentVisitors.id })
        .from(residentVisitors)
        .where(where(f))
        .limit(limit)
        .then((r) => r.map((x) => x.id)),
    /** Residents by phone or certificate number (a face zip names its photos by either). */
    byKeys: (keys: string[]) =>
      db
        .select({ id: residentVisitors.id, phone: residentVisitors.phone, idNumber: residentVisitors.idNumber, face: residentVisitors.face })
        .from(residentVisitors)
        .where(
          and(mine, or(inArray(residentVisitors.phone, keys.length ? keys : ['']), inArray(residentVisitors.idNumber, keys.length ? keys : ['']))),
        )
        .then((r) => r.filter((x) => x.phone !== '' || x.idNumber !== '')),
    setFace: (id: number, key: string) =>
      db
        .update(residentVisitors)
        .set({ face: key })
        .where(and(mine, eq(residentVisitors.id, id)))
        .returning({ id: residentVisitors.id }),
    /** Of these residents, the ones whose certificates include one expired before `today`. */
    withExpiredCertificate: (ids: number[], today: string) =>
      db
        .select({ id: residentVisitors.id, name: residentVisitors.name })
        .from(residentVisitors)
        .where(and(mine, inArray(residentVisitors.id, ids.length ? ids : [0]), sql`${certExpiry} < ${today}`)),
  };
});

import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { gates, invitationSnapshots, invitationTemplates } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type TemplateRow = typeof invitationTemplates.$inferSelect & { gname: string };
export type TemplateValues = Omit<typeof invitationTemplates.$inferInsert, 'companyId' | 'id' | 'createdAt' | 'updatedAt'>;
export type SnapshotRow = typeof invitationSnapshots.$inferSelect;
export type SnapshotValues = Omit<typeof invitationSnapshots.$inferInsert, 'companyId' | 'createdAt' | 'updatedAt'>;

const columns = { ...getTableColumns(invitationTemplates), gname: sql<string>`coalesce(${gates.name}, '')` };

/** One company's invitation templates (its own and its employees') and the texts its invitations were sent with. */
export const invitationsRepository = scoped(function invitationsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const mine = eq(invitationTemplates.companyId, companyId);
  /** Templates not an employee's, of the head office (owner null) or of one sub-company. */
  const ownedBy = (owner: number | null) =>
    and(isNull(invitationTemplates.empId), owner === null ? isNull(invitationTemplates.subAccountId) : eq(invitationTemplates.subAccountId, owner));
  const select = () =>
    db
      .select(columns)
      .from(invitationTemplates)
      .leftJoin(gates, and(eq(gates.id, invitationTemplates.gid), eq(gates.companyId, companyId)));

  return {
    /** The company's templates (not employees'; `owner` a sub-company's), by type, the default before the gates' (by gate name). */
    companyTemplates: (filter: { templateType?: number; gid?: number | null }, owner: number | null = null) =>
      select()
        .where(
          and(
            mine,
            ownedBy(owner),
            filter.templateType === undefined ? undefined : eq(invitationTemplates.templateType, filter.templateType),
            filter.gid === undefined ? undefined : filter.gid === null ? isNull(invitationTemplates.gid) : eq(invitationTemplates.gid, filter.gid),
          ),
        )
        .orderBy(asc(invitationTemplates.templateType), sql`${invitationTemplates.gid} IS NOT NULL`, asc(gates.name), asc(invitationTemplates.id)),
    companyTemplate: (id: number, owner: number | null = null) =>
      select()
        .where(and(mine, ownedBy(owner), eq(invitationTemplates.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** The company template (`owner`: a sub-company's) of a type for a gate (null: the default), other than `exceptId`. */
    companyTemplateFor: (templateType: number, gid: number | null, exceptId?: number, owner: number | null = null) =>
      select()
        .where(
          and(
            mine,
            ownedBy(owner),
            eq(invitationTemplates.templateType, templateType),
            gid === null ? isNull(invitationTemplates.gid) : eq(invitationTemplates.gid, gid),
            exceptId ? sql`${invitationTemplates.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1)
        .then((r) => r[0]),
    /** Any template of the company (its own or an employee's). */
    templateById: (id: number) =>
      select()
        .where(and(mine, eq(invitationTemplates.id, id)))
        .limit(1)
        .then((r) => r[0]),
    employeeTemplate: (empId: number, templateType: number) =>
      select()
        .where(and(mine, eq(invitationTemplates.empId, empId), eq(invitationTemplates.templateType, templateType)))
        .limit(1)
        .then((r) => r[0]),
    insertTemplate: (values: TemplateValues) =>
      db
        .insert(invitationTemplates)
        .values({ ...values, companyId })
        .returning({ id: invitationTemplates.id })
        .then((r) => r[0]?.id ?? 0),
    updateTemplate: (id: number, values: Partial<TemplateValues>) =>
      db
        .update(invitationTemplates)
        .set(values)
        .where(and(mine, eq(invitationTemplates.id, id)))
        .returning({ id: invitationTemplates.id })
        .then((r) => r[0]?.id),
    /** An employee's own template: added, or replaced in place when they have one of the type. */
    upsertEmployeeTemplate: (values: TemplateValues & { empId: number }) =>
      db
        .insert(invitationTemplates)
        .values({ ...values, companyId, gid: null })
        .onConflictDoUpdate({
          target: [invitationTemplates.companyId, invitationTemplates.empId, invitationTemplates.templateType],
          targetWhere: sql`${invitationTemplates.empId} IS NOT NULL`,
          set: { ...values, gid: null, updatedAt: new Date() },
        })
        .returning({ id: invitationTemplates.id })
        .then((r) => r[0]?.id ?? 0),
    deleteTemplate: (id: number) =>
      db
        .delete(invitationTemplates)
        .where(and(mine, eq(invitationTemplates.id, id)))
        .returning({ id: invitationTemplates.id })
        .then((r) => r.length > 0),

    // the texts sent
    insertSnapshots: (rows: SnapshotValues[]) =>
      rows.length ? db.insert(invitationSnapshots).values(rows.map((r) => ({ ...r, companyId }))) : Promise.resolve(),
    snapshot: (visitId: number) =>
      db
        .select()
        .from(invitationSnapshots)
        .where(and(eq(invitationSnapshots.companyId, companyId), eq(invitationSnapshots.visitId, visitId)))
        .limit(1)
        .then((r) => r[0]),
    snapshots: (visitIds: number[]) =>
      visitIds.length
        ? db
            .select()
            .from(invitationSnapshots)
            .where(and(eq(invitationSnapshots.companyId, companyId), inArray(invitationSnapshots.visitId, visitIds)))
        : Promise.resolve([]),
  };
});

import type { AppContactChannel, ContactChannel } from '@openvisit/contract';

/**
 * Where an employee's outside ids come from: the directory syncs (DingTalk userid, RTX account, Feishu user_id, WeCom
 * UserID; the work apps' sign-in links the same ids), and the WeChat official account (an openid).
 */
export type EmployeeLinkSource = ContactChannel | 'wechat';

import { and, eq, inArray, sql } from 'drizzle-orm';
import { contactDepartmentLinks, contactEmployeeLinks, contactSync } from '../../db/schema/index.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ContactSyncRow = typeof contactSync.$inferSelect;
export interface EmployeeLink {
  externalId: string;
  empId: number;
  stoppedBySync: Date | null;
}

/** A secret saved before secrets were sealed (no `v1:` prefix) reads as it was; the next save seals it. */
function openDdSecret(box: SecretBox, stored: string): string {
  return stored.startsWith('v1:') ? box.open(stored) : stored;
}

/** The contacts module's own tables, for one company. */
export const contactsRepository = scoped(function contactsRepository(scope: TenantScope) {
  return { ...contactSyncState(scope), ...contactLinks(scope) };
});

/** The company's sync row: the DingTalk secret, the automatic channel, the lease and the last results. */
function contactSyncState(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(contactSync.companyId, scope.companyId);
  const ensure = () => db.insert(contactSync).values({ companyId: scope.companyId }).onConflictDoNothing();
  return {
    state: () =>
      db
        .select()
        .from(contactSync)
        .where(mine)
        .limit(1)
        .then((r) => r[0]),
    /** The DingTalk AppSecret, stored sealed with the server's key ('' when none). */
    async secret(box: SecretBox): Promise<string> {
      const [row] = await db.select({ ddSecret: contactSync.ddSecret }).from(contactSync).where(mine).limit(1);
      return openDdSecret(box, row?.ddSecret ?? '');
    },
    async setSecret(box: SecretBox, secret: string): Promise<void> {
      await ensure();
      await db
        .update(contactSync)
        .set({ ddSecret: box.seal(secret) })
        .where(mine);
    },
    async setAutoChannel(channel: ContactChannel | null): Promise<void> {
      await ensure();
      await db.update(contactSync).set({ autoChannel: channel }).where(mine);
    },
    /** The work app the directory is synced from and the channel of the daily sync, written together. */
    async setAppChannel(app: AppContactChannel | null, auto: ContactChannel | null): Promise<void> {
      await ensure();
      await db.update(contactSync).set({ appChannel: app, autoChannel: auto }).where(mine);
    },
    /** Takes the company's sync lease unless another sync holds it; answers whether it was taken. */
    async acquire(leaseSeconds: number): Promise<boolean> {
      await ensure();
      const taken = await db
        .update(contactSync)
        .set({ runningUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(mine, sql`(${contactSync.runningUntil} IS NULL OR ${contactSync.runningUntil} < now())`))
        .returning({ companyId: contactSync.companyId });
      return taken.length > 0;
    },
    release: () => db.update(contactSync).set({ runningUntil: null }).where(mine),
    /** Merges into the stored results (one key per step, plus `error`). */
    saveResult: (patch: Record<string, unknown>) =>
      db
        .update(contactSync)
        .set({ lastResult: sql`${contactSync.lastResult} || ${JSON.stringify(patch)}::jsonb` })
        .where(mine),
  };
}

/** Which provider department and employee ids are linked to which of the company's departments and employees. */
function contactLinks(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    async departmentLinks(source: ContactChannel): Promise<Map<string, number>> {
      const rows = await db
        .select({ externalId: contactDepartmentLinks.externalId, deptId: contactDepartmentLinks.deptId })
        .from(contactDepartmentLinks)
        .where(and(eq(contactDepartmentLinks.companyId, scope.companyId), eq(contactDepartmentLinks.source, source)));
      return new Map(rows.map((r) => [r.externalId, r.deptId]));
    },
    linkDepartment: (source: ContactChannel, externalId: string, deptId: number) =>
      db
        .insert(contactDepartmentLinks)
        .values({ companyId: scope.companyId, source, externalId, deptId })
        .onConflictDoUpdate({
          target: [contactDepartmentLinks.companyId, contactDepartmentLinks.source, contactDepartmentLinks.externalId],
          set: { deptId },
        }),

    employeeLinks: (source: ContactChannel): Promise<EmployeeLink[]> =>
      db
        .select({ externalId: contactEmployeeLinks.externalId, empId: contactEmployeeLinks.empId, stoppedBySync: contactEmployeeLinks.stoppedBySync })
        .from(contactEmployeeLinks)
        .where(and(eq(contactEmployeeLinks.companyId, scope.companyId), eq(contactEmployeeLinks.source, source))),
    /** The employee an outside id is linked to, and whether the sync stopped them. */
    employeeOfLink: (source: EmployeeLinkSource, externalId: string): Promise<EmployeeLink | undefined> =>
      db
        .select({ externalId: contactEmployeeLinks.externalId, empId: contactEmployeeLinks.empId, stoppedBySync: contactEmployeeLinks.stoppedBySync })
        .from(contactEmployeeLinks)
        .where(
          and(
            eq(contactEmployeeLinks.companyId, scope.companyId),
            eq(contactEmployeeLinks.source, source),
            eq(contactEmployeeLinks.externalId, externalId),
          ),
        )
        .limit(1)
        .then((r) => r[0]),
    /** The provider ids linked to one employee, by source. */
    async linksOf(empId: number): Promise<Partial<Record<EmployeeLinkSource, string>>> {
      const rows = await db
        .select({ source: contactEmployeeLinks.source, externalId: contactEmployeeLinks.externalId })
        .from(contactEmployeeLinks)
        .where(and(eq(contactEmployeeLinks.companyId, scope.companyId), eq(contactEmployeeLinks.empId, empId)));
      return Object.fromEntries(rows.map((r) => [r.source, r.externalId]));
    },
    /** The employee's one id from `source`, replacing theirs (none: '' removes it); false when another employee holds it. */
    async setEmployeeLink(source: EmployeeLinkSource, empId: number, externalId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const mine = and(eq(contactEmployeeLinks.companyId, scope.companyId), eq(contactEmployeeLinks.source, source));
        if (externalId) {
          const [held] = await tx
            .select({ empId: contactEmployeeLinks.empId })
            .from(contactEmployeeLinks)
            .where(and(mine, eq(contactEmployeeLinks.externalId, externalId)))
            .limit(1);
          if (held && held.empId !== empId) return false;
        }
        await tx.delete(contactEmployeeLinks).where(and(mine, eq(contactEmployeeLinks.empId, empId)));
        if (externalId) await tx.insert(contactEmployeeLinks).values({ companyId: scope.companyId, source, externalId, empId });
        return true;
      });
    },
    linkEmployee: (source: ContactChannel, externalId: string, empId: number) =>
      db
        .insert(contactEmployeeLinks)
        .values({ companyId: scope.companyId, source, externalId, empId })
        .onConflictDoUpdate({
          target: [contactEmployeeLinks.companyId, contactEmployeeLinks.source, contactEmployeeLinks.externalId],
          set: { empId, stoppedBySync: null },
        }),
    /** Marks (or, with null, clears) "stopped because the provider no longer lists them". */
    markStopped: (source: ContactChannel, externalIds: string[], at: Date | null) =>
      externalIds.length
        ? db
            .update(contactEmployeeLinks)
            .set({ stoppedBySync: at })
            .where(
              and(
                eq(contactEmployeeLinks.companyId, scope.companyId),
                eq(contactEmployeeLinks.source, source),
                inArray(contactEmployeeLinks.externalId, externalIds),
              ),
            )
        : Promise.resolve(),
  };
}

import type { DeviceLink } from '@openvisit/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { deviceLinks } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type DeviceLinkRow = typeof deviceLinks.$inferSelect;
export type LinkPatch = Partial<Omit<DeviceLinkRow, 'deviceId' | 'companyId' | 'updatedAt'>>;

/**
 * The server's link to a pushed-to or polling device (`device_links`): written by the credentials module's drivers,
 * answered with the device, reset when the device's address or account changes.
 */
export const deviceLinksRepository = scoped(function deviceLinksRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const mine = eq(deviceLinks.companyId, companyId);
  return {
    ofDevices: (ids: number[]) =>
      db
        .select()
        .from(deviceLinks)
        .where(and(mine, inArray(deviceLinks.deviceId, ids.length ? ids : [0]))),
    link: (deviceId: number) =>
      db
        .select()
        .from(deviceLinks)
        .where(and(mine, eq(deviceLinks.deviceId, deviceId)))
        .then((r) => r[0]),
    save: (deviceId: number, patch: LinkPatch) =>
      db
        .insert(deviceLinks)
        .values({ ...patch, deviceId, companyId })
        .onConflictDoUpdate({ target: deviceLinks.deviceId, set: { ...patch, updatedAt: sql`now()` }, setWhere: mine }),
    /**
     * Takes the device for a run (a push or a readback) until `until`, answering whether it got it: one run per
     * device at a time across processes; a run that died lets go when its time is up. A run extends it the same way.
     */
    takeRun: (deviceId: number, until: Date, now: Date) =>
      db
        .insert(deviceLinks)
        .values({ deviceId, companyId, runUntil: until })
        .onConflictDoUpdate({
          target: deviceLinks.deviceId,
          set: { runUntil: until },
          setWhere: and(mine, or(isNull(deviceLinks.runUntil), lt(deviceLinks.runUntil, now))),
        })
        .returning({ deviceId: deviceLinks.deviceId })
        .then((r) => r.length > 0),
    endRun: (deviceId: number) =>
      db
        .update(deviceLinks)
        .set({ runUntil: null })
        .where(and(mine, eq(deviceLinks.deviceId, deviceId))),
    /** A new address or account: whatever the device refused before is tried again. */
    reset: (deviceId: number) =>
      db
        .update(deviceLinks)
        .set({ state: 'ok', reason: '', holdUntil: null, updatedAt: sql`now()` })
        .where(and(mine, eq(deviceLinks.deviceId, deviceId))),
  };
});

export function linkView(row: DeviceLinkRow | undefined): DeviceLink | null {
  if (!row) return null;
  return {
    state: row.state as DeviceLink['state'],
    reason: row.reason,
    holdUntil: row.holdUntil?.getTime() ?? null,
    lastContactAt: row.lastContactAt?.getTime() ?? null,
    readbackAt: row.readbackAt?.getTime() ?? null,
  };
}

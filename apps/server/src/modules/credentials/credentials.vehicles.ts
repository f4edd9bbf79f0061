import { Status } from '@openvisit/contract';
import { deviceLinksRepository, recordVehicles } from '../../core/entitlements/entitlements.public.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import type { PushDriver } from './credentials.push.js';
import { pushQueueRepository } from './credentials.push.repository.js';
import { type CredentialRow, terminalRepository } from './credentials.repository.js';

/** A first read of a camera goes back this far; later reads from the last read on, a little overlapped (a clock, an outage). */
const FIRST_READ_MS = 24 * 60 * 60_000;
const OVERLAP_MS = 10 * 60_000;

type Device = { eid: number; deviceName: string; deviceCode: string };

/**
 * What a read of one plate says: open (1) when a person of ours held it live on the camera at that moment (the camera's
 * answer does not say whether it opened: its allowlist decided by the same window), else refused with why: outside the
 * window or removed (1115), nobody of ours (1117, as the own-protocol barrier answers a plate nobody expects).
 */
function verdict(rows: CredentialRow[], at: Date) {
  // A camera's times are whole seconds: the window is compared to the second.
  const second = (d: Date) => Math.floor(d.getTime() / 1000);
  const within = (r: CredentialRow) => (!r.validFrom || second(r.validFrom) <= second(at)) && (!r.validTo || second(r.validTo) > second(at));
  const live = rows.find((r) => r.action !== 'remove' && r.status === 'synced' && within(r));
  const row = live ?? rows[0];
  const code = live ? 0 : row ? Status.OUTSIDE_VALIDITY : Status.INVALID_VISITOR;
  return { row, result: live ? 1 : 0, code };
}

/**
 * A barrier camera's plate reads since the last read land in the vehicle records (the own-protocol barrier's table and
 * screen), once each (the receipts, keyed by the camera's id of the read), matched to the visit whose plate it is; the
 * cursor is the time of the last read (epoch seconds). Answers how many were recorded.
 */
export async function readVehicles(scope: TenantScope, device: Device, driver: Required<Pick<PushDriver, 'vehicles'>>, now: Date): Promise<number> {
  const links = deviceLinksRepository(scope);
  const cursor = (await links.link(device.eid))?.eventCursor ?? 0;
  const since = cursor ? new Date(cursor * 1000 - OVERLAP_MS) : new Date(now.getTime() - FIRST_READ_MS);
  const reads = await driver.vehicles(since);
  return inTransaction(scope, async (tx) => {
    const repo = terminalRepository(tx);
    const fresh = new Set(
      await repo.receive(
        device.eid,
        reads.map((r) => `plate:${r.recordId}`),
      ),
    );
    const todo = reads.filter((r) => fresh.has(`plate:${r.recordId}`));
    const holders = await pushQueueRepository(tx).plateHolders(device.eid, [...new Set(todo.map((r) => r.plate))]);
    const rows = todo.map((r) => {
      const v = verdict(
        holders.filter((h) => h.plate === r.plate),
        r.at,
      );
      return {
        at: r.at,
        deviceId: device.eid,
        deviceName: device.deviceName,
        deviceCode: device.deviceCode,
        plate: r.plate,
        vehicleType: '',
        direction: r.direction,
        visitId: v.row?.personKind === 'visitor' ? v.row.personId : null,
        name: v.row?.name ?? '',
        result: v.result,
        code: v.code,
        photo: '',
      };
    });
    if (rows.length) await recordVehicles(tx, rows);
    const last = Math.max(cursor, ...reads.map((r) => Math.floor(r.at.getTime() / 1000)));
    await deviceLinksRepository(tx).save(device.eid, { eventCursor: last, lastContactAt: now });
    return rows.length;
  });
}

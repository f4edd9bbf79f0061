import { deviceById, deviceLinksRepository, recordPasses } from '../../core/entitlements/entitlements.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { signInOrOutAtFace } from './credentials.moves.js';
import { LinkError, type PushDeps, pushedDevice, withDevice } from './credentials.push.js';
import { passRowsOf } from './credentials.records.js';
import { readVehicles } from './credentials.vehicles.js';

/** A first read of a device's passes goes back this far (not its whole history). */
const FIRST_READ_MS = 24 * 60 * 60_000;
/** Later reads search this far back, from the last pass read on (a device's clock, a long outage). */
const SEARCH_BACK_MS = 7 * 24 * 60 * 60_000;

/**
 * The passes a pushed-to device kept since the last read (Hikvision's event log by serial number) land in the same
 * pass records as every other door's, once each: the records and the device's cursor are written together. Where the
 * company's doors sign visitors in and out, they move visits as face passes do. Answers how many were recorded; 0
 * when another run has the device or it is held.
 */
export async function readPasses(actor: AuthedContext, deviceId: number, deps: PushDeps): Promise<number> {
  const scope = actor.tenant;
  const now = deps.now ?? (() => new Date());
  const found = await pushedDevice(scope, deviceId, deps);
  const device = found && (await deviceById(scope, deviceId));
  if (!found?.factory || !device) return 0;
  const driver = found.factory(found.device, deps.services);
  const passesOf = driver.passes?.bind(driver);
  const vehiclesOf = driver.vehicles?.bind(driver);
  if (!passesOf && !vehiclesOf) return 0;
  const links = deviceLinksRepository(scope);
  const link = await links.link(deviceId);
  if (link?.holdUntil && link.holdUntil > now()) return 0;
  // A barrier camera's passes are its plate reads: vehicle records, not person passes (they move no visit).
  if (vehiclesOf)
    return (
      (await withDevice(scope, deviceId, now, () =>
        readVehicles(scope, device, { vehicles: vehiclesOf }, now()).catch((err: unknown) => {
          if (err instanceof LinkError) return 0;
          throw err;
        }),
      )) ?? 0
    );
  if (!passesOf) return 0;
  const rows = await withDevice(scope, deviceId, now, async () => {
    const cursor = link?.eventCursor ?? 0;
    let read: Awaited<ReturnType<typeof passesOf>>;
    try {
      read = await passesOf({ after: cursor, since: new Date(now().getTime() - (cursor ? SEARCH_BACK_MS : FIRST_READ_MS)) });
    } catch (err) {
      if (err instanceof LinkError) return [];
      throw err;
    }
    return inTransaction(scope, async (tx) => {
      const passes = await passRowsOf(
        tx,
        device,
        read.passes.map((p) => ({ ...p, direction: device.enterStatus })),
      );
      if (passes.length) await recordPasses(tx, passes);
      await deviceLinksRepository(tx).save(deviceId, { eventCursor: read.cursor, lastContactAt: now() });
      return passes;
    });
  });
  if (!rows?.length) return 0;
  await signInOrOutAtFace(actor, device.deviceName, rows);
  return rows.length;
}

import { CREDENTIAL_STATES, type CredentialState, credentialState, type DriftReport, type In, logDesc, type Out, Status } from '@openvisit/contract';
import { deviceById, deviceLinksRepository, linkView, listDevices, removeDevice } from '../../core/entitlements/entitlements.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { PUSH_DRIVERS } from './credentials.drivers.js';
import { wantReadback, zkReadbackWait } from './credentials.iclock.readback.js';
import { keepsPeople } from './credentials.people.js';
import { readback } from './credentials.readback.js';
import { credentialsViewRepository } from './credentials.repository.js';

/** The console's view of a device's credentials as a whole: its link, states, queue and drift; its readback; the monitor's list. */

/** People of ours on the device or on their way to it: every row not revoked. */
async function stillHeld(ctx: AuthedContext, eid: number): Promise<number> {
  const { states } = await credentialsViewRepository(ctx.tenant).tallies(eid);
  return states.reduce((n, s) => n + (credentialState(s.action, s.status) === 'revoked' ? 0 : s.n), 0);
}

/**
 * Deletes a device; a pushed-to or polling one only once it holds nobody of ours (disabling it removes them), else
 * 1134 with the count, unless forced (a device gone for good). Our own terminals are left as before: a disabled one is
 * answered 1130 and cannot take removals.
 */
export async function remove(ctx: AuthedContext, input: In<'delEquipment'>): Promise<null> {
  const device = await deviceOf(ctx, input.eid);
  if (!input.force && device.driver !== 'openvisit') {
    const held = await stillHeld(ctx, device.eid);
    if (held > 0) throw new AppError(Status.DEVICE_HOLDS_PEOPLE, `The device still holds ${held} people OpenVisit put there`, { held });
  }
  return removeDevice(ctx, input);
}

async function deviceOf(ctx: AuthedContext, eid: number) {
  const device = await deviceById(ctx.tenant, eid);
  if (!device) throw notFound('device');
  return device;
}

export async function report(ctx: AuthedContext, input: In<'getDeviceCredentialReport'>): Promise<Out<'getDeviceCredentialReport'>> {
  const device = await deviceOf(ctx, input.eid);
  const { states, queue } = await credentialsViewRepository(ctx.tenant).tallies(device.eid);
  const counts = Object.fromEntries(CREDENTIAL_STATES.map((s) => [s, 0])) as Record<CredentialState, number>;
  for (const s of states) counts[credentialState(s.action, s.status)] += s.n;
  const link = device.driver === 'openvisit' ? undefined : await deviceLinksRepository(ctx.tenant).link(device.eid);
  return { link: linkView(link), states: counts, queue, drift: (link?.drift as DriftReport | null | undefined) ?? null };
}

/** Reads a device back now and repairs it (logged; a ZKTeco device at its next poll, waited for); 1132 for a device of ours (nothing to read), 1133 when it cannot be read. */
export async function readNow(ctx: AuthedContext, input: In<'readbackDevice'>): Promise<Out<'readbackDevice'>> {
  const device = await deviceOf(ctx, input.eid);
  if (device.driver !== 'zkteco' && !PUSH_DRIVERS[device.driver]) throw new AppError(Status.DEVICE_NOT_READABLE);
  let result =
    device.driver === 'zkteco'
      ? await zkReadback(ctx, device.eid)
      : await readback(ctx.tenant, device.eid, { services: ctx.services, drivers: PUSH_DRIVERS });
  // Another run (a push) has the device: it ends within its budget, so wait for it a little.
  for (let i = 0; result === 'busy' && i < 40; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    result = await readback(ctx.tenant, device.eid, { services: ctx.services, drivers: PUSH_DRIVERS });
  }
  if (result === 'busy' || result === null) throw new AppError(Status.DEVICE_LINK_DOWN, 'The device is busy; try again shortly');
  ctx.audit.objId = device.eid;
  ctx.audit.objName = device.deviceName;
  ctx.audit.desc = logDesc('deviceReadBack', { code: device.deviceCode, repaired: result.repaired, failed: result.failed });
  if (result.error) throw new AppError(Status.DEVICE_LINK_DOWN, result.error);
  return result;
}

/**
 * A ZKTeco device only calls us: the readback is asked for at its next poll and answered over its next requests,
 * perhaps by another server process. The request waits for the report by looking at the device's link; a device that
 * does not answer in time gets 1133 with when it last polled (the readback stays wanted: it is done at its next poll).
 */
async function zkReadback(ctx: AuthedContext, eid: number): Promise<DriftReport> {
  const links = deviceLinksRepository(ctx.tenant);
  const since = new Date();
  await wantReadback(ctx.tenant, eid, since);
  for (let waited = 0; waited < zkReadbackWait.totalMs; waited += zkReadbackWait.everyMs) {
    await new Promise((r) => setTimeout(r, zkReadbackWait.everyMs));
    const link = await links.link(eid);
    if (link?.readbackAt && link.readbackAt >= since && link.drift) return link.drift as DriftReport;
  }
  const last = (await links.link(eid))?.lastContactAt;
  const polled = last ? `the device has not polled since ${last.toISOString()}` : 'the device has never polled';
  throw new AppError(
    Status.DEVICE_LINK_DOWN,
    `The device did not answer the readback within ${Math.round(zkReadbackWait.totalMs / 1000)} s (${polled}); it is read back at its next poll`,
  );
}

/** Devices whose credentials do not get through: a link not ok, failed credentials, or changes waiting over five minutes. */
export async function trouble(ctx: AuthedContext): Promise<Out<'getCredentialTrouble'>> {
  const devices = (await listDevices(ctx, { deviceName: '' })).filter(keepsPeople);
  const counts = new Map((await credentialsViewRepository(ctx.tenant).troubles()).map((t) => [t.deviceId, t]));
  const late = Date.now() - 5 * 60_000;
  return devices.flatMap((d) => {
    const c = counts.get(d.eid);
    const oldest = c?.oldestPendingAt?.getTime() ?? null;
    const bad = (d.link && d.link.state !== 'ok') || (c?.failed ?? 0) > 0 || (oldest !== null && oldest < late);
    return bad
      ? [
          {
            eid: d.eid,
            deviceName: d.deviceName,
            driver: d.driver,
            link: d.link,
            failed: c?.failed ?? 0,
            pending: c?.pending ?? 0,
            oldestPendingAt: oldest,
          },
        ]
      : [];
  });
}
